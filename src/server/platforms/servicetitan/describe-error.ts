import { ServiceTitanError } from './contract.js';
import { TOKEN_PATH } from './http.js';

/**
 * One sentence an office manager can act on, for any error from this folder. Shown on the board
 * and in the admin panel next to the last good numbers.
 */
export function describeServiceTitanError(err: unknown): string {
  if (!(err instanceof ServiceTitanError)) {
    return 'Something went wrong while reading from ServiceTitan. The board will try again shortly.';
  }
  switch (err.kind) {
    case 'invalid_credentials':
      if (err.detail.path && err.detail.path !== TOKEN_PATH) {
        return 'ServiceTitan did not accept the app key. Check the app key in the ServiceTitan settings of the Admin panel.';
      }
      return 'ServiceTitan did not accept the client ID or client secret. Check them in the Admin panel (the secret may have been regenerated, or may belong to the other ServiceTitan environment).';
    case 'forbidden': {
      if (err.detail.missingScopes?.length) return hoursRefusedSentence(err.detail);
      const permission = err.detail.missingPermission;
      return permission
        ? `The app is not connected to this ServiceTitan account, or it is missing the "${permission}" permission. In ServiceTitan, open Settings > Integrations > API Application Access and allow "${permission}" for this app.`
        : 'The app is not connected to this ServiceTitan account, or it is missing a permission. In ServiceTitan, open Settings > Integrations > API Application Access and check this app.';
    }
    case 'not_found':
      return 'ServiceTitan does not know this tenant ID. Check the tenant ID in the Admin panel.';
    case 'rate_limited':
      return 'ServiceTitan is busy and asked us to slow down. The board will try again shortly.';
    case 'unavailable':
      return 'ServiceTitan is not answering right now. The board will try again shortly.';
    case 'timeout':
      return 'ServiceTitan took too long to answer. The board will try again shortly.';
    case 'bad_response':
      return 'ServiceTitan sent an answer the board could not read. The board will try again; if this keeps happening, contact support.';
    default:
      return 'Something went wrong while reading from ServiceTitan. The board will try again shortly.';
  }
}

const quoted = (words: string[]) => {
  const each = words.map((w) => `"${w}"`);
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
};

/**
 * A board set to measure hours whose reads ServiceTitan refused (issue 35): what to ask the
 * ServiceTitan admin for, and that the board counts jobs meanwhile.
 */
function hoursRefusedSentence(detail: ServiceTitanError['detail']): string {
  const scopes = detail.missingScopes ?? [];
  const why =
    detail.capacityPlanning === 'not_set_up'
      ? 'Capacity planning is not set up in ServiceTitan, so hours come from technician shifts, which the app may not read.'
      : 'ServiceTitan does not let the app read the hours.';
  return `${why} Ask your ServiceTitan admin to allow the ${quoted(scopes)} API ${scopes.length === 1 ? 'scope' : 'scopes'} for this app (Settings > Integrations > API Application Access). Until then this board counts jobs.`;
}
