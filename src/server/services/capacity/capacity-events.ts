import type { EventBus } from '../events/contract.js';
import type { AnswerCache } from './answer-cache.js';

/**
 * What the capacity service does when it is told of a change (here or on another instance):
 * drops the remembered answers made of what changed and, for new numbers, this instance's
 * memory of the company's snapshots. Returns the function that stops listening.
 */
export function listenForCapacityEvents(deps: {
  events: EventBus;
  answers: AnswerCache;
  /** New numbers were written for the company (maybe by another instance). */
  onCapacityUpdated: (companyId: number) => void;
  /** The company's numbers were read again, unchanged, as of `fetchedAt` (maybe elsewhere). */
  onCapacityFetched?: (companyId: number, fetchedAt: Date) => void;
  /** Events may have been missed: whatever was kept of the snapshots is read again. */
  onMissed?: () => void;
  /** The company's platform said its bookings changed: an early read is wanted. */
  onCapacityWanted?: (companyId: number) => void;
}): () => void {
  const { events, answers, onCapacityUpdated, onCapacityFetched, onMissed, onCapacityWanted } =
    deps;
  const unsubscribe = events.subscribe((event) => {
    if (event.type === 'capacity.fetched') {
      // Nothing an answer counts changed: answers under way stay good (no bump), and this
      // instance's memory of the snapshots is as current as the read.
      onCapacityFetched?.(event.companyId, new Date(event.fetchedAt));
      return;
    }
    if (event.type === 'capacity.wanted') {
      // Nothing remembered changed yet: the early read's capacity.updated will say so.
      onCapacityWanted?.(event.companyId);
      return;
    }
    answers.bump();
    switch (event.type) {
      case 'capacity.updated':
        // New numbers were written (maybe by another instance): this instance's memory of the
        // company's snapshots is read again, so the boards told of them get them.
        onCapacityUpdated(event.companyId);
        answers.dropCompany(event.companyId);
        break;
      case 'settings.changed':
      case 'boards.changed':
      case 'preferences.changed':
        answers.dropCompany(event.companyId);
        break;
      case 'credentials.changed':
        if (event.companyId === null && !event.userId) answers.clear();
        else answers.dropCompanyOrUser(event.companyId, event.userId);
        break;
      case 'session.ended':
        // Who may see a board is checked on every request before this cache is asked; a user
        // whose company or credential changed must not get the answer made with the old one.
        if (event.userId) answers.dropUser(event.userId);
        else if (!event.sessionIdHash) answers.clear();
        break;
      default:
        break;
    }
  });
  const unsubscribeMissed = events.onMissedEvents(() => {
    answers.bump();
    answers.clear();
    // A missed capacity.updated would leave a snapshot here that a later capacity.fetched
    // moves forward as if it were current.
    onMissed?.();
  });
  return () => {
    unsubscribe();
    unsubscribeMissed();
  };
}
