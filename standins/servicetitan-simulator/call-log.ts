export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Simulator clock when the call arrived. */
  at: string;
  /** Real time (epoch ms) when the call arrived, whatever the simulator's clock says. */
  receivedAtMs: number;
  /** Filled in when the answer is sent (undefined for dropped connections). */
  status?: number;
  /** The account the call was made for, when the stand-in tells them apart by credential. */
  account?: string;
}

export interface CallFilter {
  method?: string;
  /** Path prefix, e.g. "/jpm/v2/tenant/1/appointments" or "/connect/token". */
  path?: string;
  account?: string;
}

/** Every call a stand-in received (control endpoints excepted), so tests can count them. */
export function createCallLog() {
  let calls: RecordedCall[] = [];
  const matches = (call: RecordedCall, filter: CallFilter | undefined) =>
    (!filter?.method || call.method === filter.method.toUpperCase()) &&
    (!filter?.path || call.path.startsWith(filter.path)) &&
    (!filter?.account || call.account === filter.account);
  return {
    record(call: RecordedCall): RecordedCall {
      calls.push(call);
      return call;
    },
    list(filter?: CallFilter): RecordedCall[] {
      return calls.filter((call) => matches(call, filter));
    },
    /**
     * The calls recorded from the `from`-th on, in order: a watcher that reads every call once
     * (bench/live-screens.ts every 250 ms) copies only the new ones, not the whole log.
     */
    since(from: number): RecordedCall[] {
      return calls.slice(from);
    },
    count(filter?: CallFilter): number {
      return calls.filter((call) => matches(call, filter)).length;
    },
    reset(): void {
      calls = [];
    },
  };
}

export type CallLog = ReturnType<typeof createCallLog>;
