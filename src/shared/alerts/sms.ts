import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Text messages (issue 36, decision 053): phone numbers as E.164, checked with
 * libphonenumber-js, and the alert's text made to fit one GSM-7 segment (160 characters) in the
 * common case. Shared: the server writes the texts, the rule form normalizes what people type.
 */

/** Strict E.164: a plus, a country code and at most 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** An E.164 number libphonenumber-js knows as a valid number of its country. */
export function isE164(value: string): boolean {
  return E164.test(value) && isValidPhoneNumber(value);
}

/**
 * What a person typed ("(202) 555-0143", "+44 20 7183 8750") as E.164, or null. A number
 * without a country code is read as a US/Canada one (the product's customers).
 */
export function toE164(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), 'US');
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** "+12025550143" → "+1 202 555 0143" (how the page names a number). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** GSM 03.38's basic characters (one septet each). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: two septets each (an escape, then the character). */
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

/** One segment: 160 GSM-7 septets (70 UCS-2 characters if any character is not GSM-7). */
export const GSM7_SEGMENT = 160;

/** Septets the text takes in GSM-7, or null when a character is not GSM-7 (UCS-2 then). */
export function gsm7Length(text: string): number | null {
  let septets = 0;
  for (const c of text) {
    if (BASIC.has(c)) septets += 1;
    else if (EXTENDED.has(c)) septets += 2;
    else return null;
  }
  return septets;
}

/** Segments a text takes (153 septets or 67 characters each once it is split). */
export function segments(text: string): number {
  const septets = gsm7Length(text);
  if (septets !== null) return septets <= GSM7_SEGMENT ? 1 : Math.ceil(septets / 153);
  const units = [...text].length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/**
 * A name made of GSM-7 characters: accents dropped where GSM-7 has no such letter ("Bücher"
 * keeps its ü, "Łódź" becomes "Lodz"), typographic quotes and dashes made plain, anything else
 * left out. One character outside GSM-7 would make the whole text UCS-2 (70 characters).
 */
export function gsm7Safe(text: string): string {
  let out = '';
  for (const c of text
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u00A0\u2009\u202F]/g, ' ')) {
    if (BASIC.has(c) || EXTENDED.has(c)) {
      out += c;
      continue;
    }
    const plain = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const mapped = plain === c ? (SPECIAL[c] ?? '') : plain;
    out += [...mapped].filter((m) => BASIC.has(m)).join('');
  }
  return out.replace(/\s+/g, ' ').trim();
}
const SPECIAL: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Œ: 'OE', œ: 'oe' };

/** The facts of an alert a text is written from (AlertMessage's, on the server). */
export interface SmsFacts {
  event: 'firing' | 'repeat' | 'resolved' | 'test';
  kind: 'behind' | 'stale' | 'full';
  boardName: string;
  /** The day's weekday ("Thursday"). */
  weekday: string | null;
  item: string | null;
  percent: number | null;
  expectedPercent: number | null;
  /** The check time, as the clock says it ("2:00 PM"). */
  clock: string | null;
  /** The full goal of a full rule, percent. */
  goalPercent?: number | null;
  /** When the last good numbers were read ("1:05 PM"). */
  staleSince: string | null;
  /** The one-line summary (the fallback). */
  summary: string;
  /** `hours` on a board measuring technician hours (issue 35): the percent is of hours booked. */
  measure?: 'hours' | undefined;
}

/**
 * The alert as one text, e.g. "Call board: Thu 42% of target at 2:00 PM (expected 66%).
 * https://board.example/b/3k" ("Thu 71% of hours booked ..." on an hours board, as its gauge
 * says "71% of technician hours booked"). The board's and item's names are kept while the text fits one
 * GSM-7 segment, shortened and then dropped when not; the link is never cut.
 */
export function smsText(facts: SmsFacts, link: string): string {
  const day = facts.weekday ? facts.weekday.slice(0, 3) : null;
  const lead = facts.event === 'test' ? 'Call board test' : 'Call board';
  const still = facts.event === 'repeat' ? 'still ' : '';
  const what = (item: string | null) => [day, item].filter(Boolean).join(' ');
  const of = facts.measure === 'hours' ? 'of hours booked' : 'of target';
  const body = (item: string | null): string => {
    const pct = facts.percent === null ? null : `${facts.percent}%`;
    if (facts.kind === 'stale')
      return facts.event === 'resolved'
        ? 'numbers fresh again'
        : `numbers stale${facts.staleSince ? ` since ${facts.staleSince}` : ''}`;
    if (facts.kind === 'full')
      return facts.event === 'resolved'
        ? `${what(item)} below its goal again, ${pct ?? '?'} ${of}`
        : `${what(item)} full, ${pct ?? '?'} ${of}${facts.goalPercent ? ` (goal ${facts.goalPercent}%)` : ''}`;
    if (facts.event === 'resolved') return `${what(item)} caught up, ${pct ?? '?'} ${of}`;
    const expected = facts.expectedPercent === null ? '' : ` (expected ${facts.expectedPercent}%)`;
    return `${what(item)} ${pct ?? '?'} ${of}${facts.clock ? ` at ${facts.clock}` : ''}${expected}`;
  };
  const board = gsm7Safe(facts.boardName);
  const item = facts.item ? gsm7Safe(facts.item) : null;
  const tail = `. ${link}`;
  const fits = (text: string) => {
    const n = gsm7Length(text);
    return n !== null && n <= GSM7_SEGMENT;
  };
  const compose = (b: string | null, i: string | null) =>
    `${lead}${b ? ` ${b}` : ''}: ${still}${body(i)}${tail}`;
  const shorten = (name: string, room: number) =>
    name.length <= room ? name : `${name.slice(0, Math.max(1, room - 1)).trimEnd()}.`;
  // The item names what fell behind: it goes last of all. The board name first.
  for (const candidate of [
    compose(board, item),
    compose(null, item),
    ...(item ? [12, 8].map((room) => compose(null, shorten(item, room))) : []),
    compose(null, null),
  ])
    if (fits(candidate)) return candidate;
  // A link longer than a segment: the text as the summary says it (several segments).
  return `${gsm7Safe(facts.summary)}${tail}`;
}

/**
 * Keywords Twilio's Advanced Opt-Out acts on (an inbound message of one of them, alone):
 * opting out and back in.
 */
export const STOP_WORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
];
export const START_WORDS = ['START', 'YES', 'UNSTOP'];

/**
 * Twilio's error codes in plain words (issue 36): those a send is refused with (HTTP 400) and
 * those a status callback carries (`ErrorCode`). Sources: research section 4.1.
 */
export function twilioErrorWords(code: number | string | null | undefined, said?: string): string {
  const n = Number(code);
  const words: Record<number, string> = {
    20003: 'Twilio refused the account SID or auth token (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)',
    20429: 'Twilio is receiving too many requests: it is tried again later',
    21211: 'this is not a valid phone number',
    21408: 'this Twilio account may not text that country (Messaging Geographic Permissions)',
    21601: 'the sender (TWILIO_FROM) is not a number that can send text messages',
    21606:
      'the sender (TWILIO_FROM) is not a Twilio number of this account that can send text messages',
    21608:
      'the number is not verified on this Twilio trial account: verify it in the Twilio console, or upgrade the account',
    21610: 'the person replied STOP: nothing is texted until they reply START',
    21612: 'Twilio cannot route a message from this sender to this number',
    21614: 'this number cannot receive text messages (a landline?)',
    21635: 'this number is a landline and cannot receive text messages',
    30003: 'the phone is switched off or out of reach',
    30004: 'the phone or its carrier blocked the message',
    30005: 'the number is unknown to its carrier or no longer in service',
    30006: 'a landline, or a carrier that cannot take text messages',
    30007: 'the carrier filtered the message as spam',
    30008: 'the carrier could not deliver it, for an unknown reason',
    30450: "Twilio's SMS pumping protection held it back: it is not sent for 15 to 30 minutes",
  };
  const known = words[n];
  if (Number.isFinite(n) && n > 0)
    return known ? `${known} (Twilio error ${n})` : `Twilio error ${n}${said ? `: ${said}` : ''}`;
  return said ? `Twilio: ${said}` : 'Twilio did not say why';
}
