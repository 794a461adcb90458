import type { FastifyInstance } from 'fastify';
import { createServiceTitanGateway } from '../../src/server/platforms/servicetitan/index.js';
import type { ServiceOverrides } from '../../src/server/services/index.js';
import type { Simulator } from '../../standins/servicetitan-simulator/index.js';
import type { Deliver } from '../../standins/twilio/index.js';

/** The addresses an app reads the ServiceTitan simulator at (env for createTestApp). */
export function simulatorEnv(sim: Simulator) {
  return { SERVICETITAN_AUTH_URL: sim.authUrl, SERVICETITAN_API_URL: sim.apiUrl };
}

/**
 * Services for an app that reads the simulator through the real ServiceTitan gateway on the
 * test's clock (`now`, the simulator's too): a board read waits for its refresh whole, and the
 * gateway's retries do not wait.
 */
export function simulatorServices(
  sim: Simulator,
  now: () => Date,
): Pick<ServiceOverrides, 'now' | 'refreshWaitMs' | 'serviceTitan'> {
  return {
    now,
    refreshWaitMs: 100_000,
    serviceTitan: createServiceTitanGateway({
      fetch: globalThis.fetch,
      now,
      authUrl: sim.authUrl,
      apiUrl: sim.apiUrl,
      timeoutMs: 10_000,
      sleep: async () => undefined,
    }),
  };
}

/**
 * What the Twilio stand-in does with a callback it would POST to PUBLIC_URL (a status callback,
 * an inbound reply): hands it to `app()` in-process, signed as Twilio signs it.
 */
export function deliverTwilioCallbacksTo(app: () => FastifyInstance): Deliver {
  return async (url, params, headers) => {
    const target = new URL(url);
    const res = await app().inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    return res.statusCode;
  };
}
