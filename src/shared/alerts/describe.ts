import { DEFAULT_PROVIDER, providerName } from '../providers/platforms.js';

/**
 * The words of alerts (issue 23), shared by the server (messages, the wall's line) and the
 * client (the form's one-sentence summary). No dependencies but the platforms' names.
 */

/** "14:00" → "2:00 PM". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

const ORDINALS = ['first', 'second', 'third'];
/** 1 → "the first displayed day". */
export const displayedDay = (dayOffset: number) =>
  `the ${ORDINALS[dayOffset - 1] ?? `${dayOffset}th`} displayed day`;

function listWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A channel as the sentence reads it (push: the members' names when known). */
export interface DescribableChannel {
  type: 'email' | 'slack' | 'teams' | 'webhook' | 'push' | 'sms';
  to?: string[];
  userIds?: string[] | undefined;
  people?: string[] | undefined;
}

/** What a channel does, as the sentence says it. */
function channelWords(channel: DescribableChannel) {
  if (channel.type === 'push') {
    if (!channel.userIds) return 'notify every admin who turned on notifications';
    const names = channel.people?.length ? channel.people : null;
    const n = channel.userIds.length;
    return names ? `notify ${listWords(names)}` : `notify ${n} ${n === 1 ? 'member' : 'members'}`;
  }
  if (channel.type === 'email') {
    const to = (channel.to ?? []).filter(Boolean);
    return to.length ? `e-mail ${listWords(to)}` : 'e-mail (no recipient yet)';
  }
  if (channel.type === 'sms') {
    const to = (channel.to ?? []).filter(Boolean);
    return to.length ? `text ${listWords(to)}` : 'text (no number yet)';
  }
  if (channel.type === 'slack') return 'post to Slack';
  if (channel.type === 'teams') return 'post to Microsoft Teams';
  return 'call the webhook';
}

export interface DescribableRule {
  kind: 'behind' | 'stale' | 'full';
  dayOffset: number;
  thresholdPercent: number | null;
  belowPace: boolean;
  itemId: number | string | null;
  at: string[];
  staleMinutes: number | null;
  repeatMinutes: number | null;
  channels: DescribableChannel[];
  enabled: boolean;
}

/**
 * What the rule will do, in one sentence (the form shows it as it is filled in): "At 2:00 PM on
 * working days, if the second displayed day is below 60 % of its target, e-mail ops@example.com
 * and post to Slack, and say so when it catches up."
 */
export function describeRule(
  rule: DescribableRule,
  itemName?: string | null,
  /** The company's platform by its name (the default platform's when not said). */
  platformName: string = providerName(DEFAULT_PROVIDER),
  /** What the rule's board measures (issue 35): a percent of its target, or of its crew's hours. */
  measure: 'jobs' | 'hours' = 'jobs',
): string {
  const what = rule.itemId === null ? '' : ` for ${itemName ?? `item ${rule.itemId}`}`;
  const channels = [...new Set(rule.channels.map(channelWords))];
  const tell = channels.length ? listWords(channels) : 'tell nobody yet (add a channel)';
  const repeat = rule.repeatMinutes
    ? ` (again every ${rule.repeatMinutes} minutes while it lasts)`
    : '';
  let sentence: string;
  if (rule.kind === 'behind') {
    const times = rule.at.length ? listWords(rule.at.map(clockTime)) : '(no time set)';
    const conditions = [
      ...(rule.thresholdPercent !== null
        ? [`below ${rule.thresholdPercent} % ${thresholdOf(measure)}`]
        : []),
      ...(rule.belowPace ? ['below its expected pace'] : []),
    ];
    sentence =
      `At ${times} on working days, if ${displayedDay(rule.dayOffset)}${what} is ` +
      `${conditions.length ? conditions.join(' or ') : '(no condition set)'}, ${tell}${repeat}, ` +
      'and say so when it catches up.';
  } else if (rule.kind === 'stale') {
    sentence =
      `When ${platformName} has failed for more than ${rule.staleMinutes ?? '?'} minutes ` +
      `(the board shows stale numbers), ${tell}${repeat}, and say so when it recovers.`;
  } else {
    sentence =
      `When ${displayedDay(rule.dayOffset)}${what} is full (reaches its goal, the goal line on ` +
      `the board), ${tell}${repeat}, and say so if it drops below again.`;
  }
  return rule.enabled ? sentence : `Paused. ${sentence}`;
}

/**
 * What a behind rule's percent is of, on a board that counts jobs ("of its target") or measures
 * technician hours ("of its technician hours booked": booked hours of the crew's, issue 35).
 */
export function thresholdOf(measure: 'jobs' | 'hours'): string {
  return measure === 'hours' ? 'of its technician hours booked' : 'of its target';
}

/** The wall's short line: "Thursday at 42 % of target at 2:00 PM". */
export function behindLine(
  weekday: string,
  percent: number,
  hhmm: string,
  /** What the percent is of: the target's jobs, or (an hours board, issue 35) the crew's hours. */
  of: 'target' | 'hours' = 'target',
): string {
  return `${weekday} at ${percent} % of ${of === 'hours' ? 'hours' : 'target'} at ${clockTime(hhmm)}`;
}
