/**
 * How often the board polls `/api/capacity` (seed: every 60 s). While its event stream is open
 * the server says when the numbers change, so the poll only guards against a lost message;
 * while the stream is not open (blocked by a proxy, reconnecting) the seed's minute applies.
 */
export const POLL_MS = 60_000;
export const POLL_WHILE_STREAMING_MS = 5 * 60_000;

let streamOpen = false;

/** Told by use-board-stream.ts when its stream opens or closes. */
export function setStreamOpen(open: boolean): void {
  streamOpen = open;
}

export function isStreamOpen(): boolean {
  return streamOpen;
}

/** TanStack Query's `refetchInterval` for live board data (read after every fetch). */
export function livePollInterval(): number {
  return streamOpen ? POLL_WHILE_STREAMING_MS : POLL_MS;
}
