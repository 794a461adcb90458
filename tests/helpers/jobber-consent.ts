import {
  requestTokens,
  type JobberTokens,
} from '../../src/server/platforms/jobber/oauth-client.js';
import type { JobberStandin } from '../../standins/jobber/index.js';

/** The stand-in account's owner consents and the code is exchanged: a new grant's tokens. */
export function jobberConsent(standin: JobberStandin, now: () => Date): Promise<JobberTokens> {
  return requestTokens(
    { clientId: standin.app.clientId, clientSecret: standin.app.clientSecret, apiUrl: standin.url },
    {
      grant_type: 'authorization_code',
      code: standin.oauth.issueCode({
        clientId: standin.app.clientId,
        redirectUri: 'http://localhost/cb',
        accountId: standin.account.id,
        userId: standin.account.users[0]!.id,
      }),
      redirect_uri: 'http://localhost/cb',
    },
    { fetch, now },
  );
}
