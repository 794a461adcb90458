import { ServiceTitanError, type ServiceTitanCredential } from './contract.js';
import { TOKEN_PATH, type Http } from './http.js';
import { tokenResponseSchema, type TokenResponse } from './types.js';

/** POST {auth}/connect/token with the client-credentials grant. */
export async function requestAccessToken(
  http: Http,
  authBase: string,
  credential: ServiceTitanCredential,
): Promise<TokenResponse> {
  const path = TOKEN_PATH;
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credential.clientId,
    client_secret: credential.clientSecret,
  }).toString();
  const json = await http.send({
    method: 'POST',
    url: `${authBase}${path}`,
    path,
    body,
    headers: async () => ({
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    }),
    onClientError: (status) =>
      status === 400 || status === 401
        ? new ServiceTitanError(
            'invalid_credentials',
            'ServiceTitan refused the client ID or client secret',
            {
              status,
              path,
            },
          )
        : undefined,
  });
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceTitanError(
      'bad_response',
      'ServiceTitan answered the token request in an unexpected shape',
      {
        path,
      },
    );
  }
  return parsed.data;
}
