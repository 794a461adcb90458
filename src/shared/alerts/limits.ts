/**
 * How many messages people can make the product send on their say-so (issue 33 item 5): Send
 * test and confirmation messages, per rule and per company, and invitations, per person and per
 * company, in fixed windows shared by every instance. Past a limit the API answers 429 with
 * `Retry-After` and these words.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface MessageLimit {
  limit: number;
  windowMs: number;
  /** "5 per rule per hour" */
  words: string;
}

export const TEST_LIMITS = {
  perRule: { limit: 5, windowMs: HOUR, words: '5 per rule per hour' },
  perCompany: { limit: 20, windowMs: HOUR, words: '20 per company per hour' },
} satisfies Record<string, MessageLimit>;

export const CONFIRMATION_LIMITS = {
  perRule: { limit: 10, windowMs: HOUR, words: '10 per rule per hour' },
  perCompany: { limit: 30, windowMs: DAY, words: '30 per company per day' },
} satisfies Record<string, MessageLimit>;

/**
 * Invitation e-mails (issue 33 item 7 sends them): a new sign-up must not make the product write
 * to thousands of strangers. Counted per person who invites and per company.
 */
export const INVITATION_LIMITS = {
  perInviter: { limit: 20, windowMs: HOUR, words: '20 per person per hour' },
  perCompany: { limit: 50, windowMs: DAY, words: '50 per company per day' },
} satisfies Record<string, MessageLimit>;
