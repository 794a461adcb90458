import { OutgoingRequestError, type OutgoingClient } from '../alerts/outgoing-guard.js';

/**
 * Why the server will not send to a push endpoint, or null (issue 36, decision 052). An endpoint
 * is whatever a browser, or someone posing as one, sent: it must be https (every real push
 * service is) and reach no loopback, private or link-local address, as the guarded client
 * decides for webhooks. The embedded default's stand-ins (ALERTS_ALLOW_PRIVATE_URLS) are the
 * only exception.
 */
export async function endpointProblem(
  endpoint: string,
  deps: { outgoing: OutgoingClient; allowPrivate: boolean },
): Promise<string | null> {
  if (!deps.allowPrivate && !endpoint.startsWith('https://')) return 'must be an https URL';
  try {
    await deps.outgoing.check(endpoint);
    return null;
  } catch (error) {
    if (error instanceof OutgoingRequestError) return error.message;
    throw error;
  }
}
