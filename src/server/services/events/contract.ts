/**
 * What instances tell each other and their open boards and screens about (issues 11 and 13).
 * Payloads are small: a screen that hears of a change reads the data itself. Every event is
 * delivered to every instance (PostgreSQL LISTEN/NOTIFY across instances; PGlite's own
 * LISTEN/NOTIFY on the embedded database), including the one that published it
 * (database-bus.ts).
 */
export type BoardEvent =
  /** A company's numbers changed (new snapshot, or stale/recovered): fetch the board again. */
  | { type: 'capacity.updated'; companyId: number }
  /**
   * A company's numbers were read again and nothing changed (issue 33, item 2): as current as
   * `fetchedAt` (ISO-8601). Open boards say so without reading the board again.
   */
  | { type: 'capacity.fetched'; companyId: number; fetchedAt: string }
  /**
   * A company's platform said its bookings changed (a webhook, decision 041): its snapshots are
   * read again early, within the one-read-per-company rule.
   */
  | { type: 'capacity.wanted'; companyId: number }
  /** A company's board settings changed (title, logo, days, colours...). */
  | {
      type: 'settings.changed';
      companyId: number;
      version: number;
      /** The board whose settings changed (absent from an instance of the previous version). */
      boardId?: number;
    }
  /** A company's boards changed: one created, renamed, re-typed, re-picked, moved or deleted. */
  | { type: 'boards.changed'; companyId: number }
  /** A company's business-unit / job-type preferences or groups changed. */
  | { type: 'preferences.changed'; companyId: number }
  /** A company's platform connection (or a user's own credential) changed. */
  | { type: 'credentials.changed'; companyId: number | null; userId?: string }
  /** A company's alert rule started or stopped firing (the wall's alert lines changed). */
  | { type: 'alerts.changed'; companyId: number }
  /** A paired screen or screen link was revoked, regenerated or renamed. */
  | {
      type: 'screen.changed';
      companyId: number;
      screenId: number;
      revoked: boolean;
      /** The board it shows now, when it was moved to another (issue 26). */
      boardId?: number;
    }
  /**
   * Sessions ended: one (sign-out) or all of a user's (deleted, role or company changed);
   * neither field: every session is read afresh (a company was deleted).
   */
  | { type: 'session.ended'; sessionIdHash?: string; userId?: string };

export type BoardEventType = BoardEvent['type'];

export interface EventBus {
  /** Delivers to every subscriber on every instance; resolves once handed to the transport. */
  publish(event: BoardEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: BoardEvent) => void): () => void;
  /**
   * Told when events may have been missed (the listening connection was lost and is back):
   * caches drop what they hold and open boards re-read everything. Returns the unsubscriber.
   */
  onMissedEvents(listener: () => void): () => void;
  close(): Promise<void>;
}
