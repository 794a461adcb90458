import type { AlertChannelView, ChannelType } from '@shared/api/alerts';

export const CHANNEL_LABELS: Record<ChannelType, string> = {
  email: 'E-mail',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  webhook: 'Webhook',
};

/** "E-mail: a@x.com, b@x.com" / "Slack: hooks.slack.com/…abcd" (a URL is never shown again). */
export const describeChannel = (channel: AlertChannelView) =>
  `${CHANNEL_LABELS[channel.type]}: ${channel.type === 'email' ? channel.to.join(', ') : channel.urlHint}`;
