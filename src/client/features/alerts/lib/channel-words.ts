import type { AlertChannelView, ChannelType } from '@shared/api/alerts';
import { formatPhone } from '@shared/alerts/sms';

export const CHANNEL_LABELS: Record<ChannelType, string> = {
  email: 'E-mail',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  webhook: 'Webhook',
  push: 'Push notification',
  sms: 'Text message',
};

/** Who a push channel reaches, in words. */
function pushWho(channel: Extract<AlertChannelView, { type: 'push' }>): string {
  if (!channel.userIds) return 'every admin who turned on notifications';
  if (channel.people?.length) return channel.people.join(', ');
  const n = channel.userIds.length;
  return `${n} ${n === 1 ? 'member' : 'members'}`;
}

/**
 * "E-mail: a@x.com, b@x.com" / "Slack: hooks.slack.com/…abcd" (a URL is never shown again) /
 * "Push notification: Dana Admin, Lee Member".
 */
export const describeChannel = (channel: AlertChannelView) =>
  `${CHANNEL_LABELS[channel.type]}: ${
    channel.type === 'email'
      ? channel.to.join(', ')
      : channel.type === 'sms'
        ? channel.to.map(formatPhone).join(', ')
        : channel.type === 'push'
          ? pushWho(channel)
          : channel.urlHint
  }`;
