const ENDS_A_SENTENCE = /[.!?]$/;
/** The reason already says the board will try again (the platforms' own sentences do). */
const SAYS_IT_RETRIES = /\btry(ing)? again\b|\bkeeps trying\b/i;

/**
 * The stale banner's words: how old the numbers are, why, and that the board keeps trying, each
 * said once and each ending in one full stop, whatever punctuation the reason brings.
 */
export function staleBannerText(age: string | null, reason: string | null): string {
  const lead = age ? `These numbers are from ${age}` : 'These numbers are not current';
  const why = reason?.trim() ?? '';
  if (!why) return `${lead}. The board keeps trying every minute.`;
  const sentence = ENDS_A_SENTENCE.test(why) ? why : `${why}.`;
  return SAYS_IT_RETRIES.test(why)
    ? `${lead} — ${sentence}`
    : `${lead} — ${sentence} The board keeps trying every minute.`;
}
