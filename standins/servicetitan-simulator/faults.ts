/**
 * Failures a test (or a person at the control endpoint) can ask for. Each fault matches calls
 * by path prefix and answers the next `times` of them instead of the real handler.
 */
export type FaultSpec =
  /** 401 as for a revoked or expired token. */
  | ({ kind: 'unauthorized' } & FaultScope)
  /** 403 as when the app lacks an API scope (named in the body when given). */
  | ({ kind: 'forbidden'; missingScope?: string } & FaultScope)
  | ({ kind: 'not_found' } & FaultScope)
  /** 429; the wait is given in a Retry-After header or only as "Try again in N seconds." text. */
  | ({
      kind: 'rate_limited';
      retryAfterSeconds: number;
      via: 'header' | 'body' | 'none';
    } & FaultScope)
  | ({ kind: 'server_error'; status?: 500 | 502 | 503 | 504 } & FaultScope)
  /** Answers normally, after a delay. */
  | ({ kind: 'slow'; delayMs: number } & FaultScope)
  /** 200 with a body that is not JSON. */
  | ({ kind: 'malformed_json' } & FaultScope)
  /** 200 with JSON that is not the paging envelope. */
  | ({ kind: 'wrong_envelope' } & FaultScope)
  /** The connection is dropped without an answer. */
  | ({ kind: 'connection_reset' } & FaultScope);

export interface FaultScope {
  /** Matches calls whose path starts with this (e.g. "/jpm/", "/connect/token"). Default: every API call, not the token endpoint. */
  pathPrefix?: string;
  /** How many calls it answers; "always" until cleared. Default 1. */
  times?: number | 'always';
}

export type FaultKind = FaultSpec['kind'];

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

export const TOKEN_PATH = '/connect/token';

export function createFaults() {
  let active: ActiveFault[] = [];
  return {
    inject(spec: FaultSpec): void {
      const times = spec.times ?? 1;
      active.push({ spec, remaining: times === 'always' ? Number.POSITIVE_INFINITY : times });
    },
    /** The fault that answers this call, if any (consumes one of its uses). */
    take(path: string): FaultSpec | undefined {
      const index = active.findIndex(({ spec }) =>
        spec.pathPrefix === undefined ? path !== TOKEN_PATH : path.startsWith(spec.pathPrefix),
      );
      const match = active[index];
      if (!match) return undefined;
      match.remaining--;
      if (match.remaining <= 0) active.splice(index, 1);
      return match.spec;
    },
    clear(): void {
      active = [];
    },
    list(): (FaultSpec & { remaining: number | 'always' })[] {
      return active.map(({ spec, remaining }) => ({
        ...spec,
        remaining: Number.isFinite(remaining) ? remaining : 'always',
      }));
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
