import { allOrNothing } from '../../services/providers/all-or-nothing.js';
import type { ProviderAdapter } from '../../services/providers/port.js';
import { bookingsFromServiceTitan } from './bookings.js';
import { checkConnection } from './connection-check.js';
import type { ServiceTitanCredential, ServiceTitanGateway } from './contract.js';
import { describeFailure } from './describe-failure.js';
import { readHours } from './hours.js';
import { credentialIdentity } from './identity.js';
import { toItems } from './items.js';

/**
 * ServiceTitan behind the provider port (decision 040). Items: business units and job types
 * (`settings/business-units`, `jpm/job-types`, active only). Bookings: the appointments starting
 * in the window and their jobs (`jpm/appointments`, `jpm/jobs`), counted by product decision 3.
 * The account is the tenant. The time zone is not read from ServiceTitan: the board's own
 * setting decides. ServiceTitan does not push changes; it is polled. Hours (issue 35, decision 054):
 * capacity planning's frames, else technicians and their shifts (hours.ts).
 */
export function createServiceTitanAdapter(
  gateway: ServiceTitanGateway,
): ProviderAdapter<ServiceTitanCredential> {
  return {
    id: 'servicetitan',
    capabilities: { push: false, hours: true },
    identity: credentialIdentity,
    reader(credential) {
      const client = gateway.clientFor(credential);
      return {
        account: () => Promise.resolve(credential.tenantId),
        timeZone: () => Promise.resolve(null),
        async items(options) {
          const [businessUnits, jobTypes] = await allOrNothing(
            (signal) => [client.listBusinessUnits({ signal }), client.listJobTypes({ signal })],
            options?.signal,
          );
          return toItems(businessUnits, jobTypes);
        },
        async bookings(window, options) {
          const [appointments, jobs] = await allOrNothing(
            (signal) => [
              client.listAppointments(window, { signal }),
              client.listJobs(window, { signal }),
            ],
            options?.signal,
          );
          return bookingsFromServiceTitan(appointments, jobs);
        },
        hours: (window, options) => readHours(client, window, options),
      };
    },
    check: (credential, now) => checkConnection({ gateway, credential, now }),
    describeError: describeFailure,
  };
}
