import crypto from 'node:crypto';
import type { NamedItem } from '../../../shared/api/providers.js';
import { parseUtcInstant } from '../../../shared/capacity/count-jobs.js';
import { byName } from '../../services/providers/named-items.js';
import type { Bookings, ProviderItems } from '../../services/providers/port.js';

/**
 * Jobber's counting rule (decision 058) in the port's counting form. Jobber has neither business
 * units nor job types; its two views are:
 *
 * - "Services" (the port's first view, `businessUnit`): each visit once, under its first line
 *   item's product or service, or "Other" when it has none (no line items, or a one-off line);
 * - "Team" (the second, `jobType`): each visit once, under its first assigned team member, or
 *   "Unassigned".
 *
 * A day's total is its number of visits: every visit whose `startAt` falls in the local day
 * counts once there (a visit spanning days counts on the day it starts; an all-day visit on its
 * date). Unscheduled visits have no `startAt` and never count. Jobber has no cancelled visits
 * (a removed one is gone). New today: `createdAt` at or after local midnight.
 */

/** An item's number on the port: stable on every instance, from Jobber's encoded id. */
export function itemNumber(kind: 'service' | 'team', jobberId: string): number {
  const digest = crypto.createHash('sha256').update(`jobber:${kind}:${jobberId}`).digest();
  // 47 bits: a positive safe integer that fits the bigint columns (collisions: ~1 in 10^14).
  return digest.readUIntBE(0, 6) % 2 ** 47;
}

export const OTHER_SERVICE = { id: itemNumber('service', '<other>'), name: 'Other' };
export const UNASSIGNED = { id: itemNumber('team', '<unassigned>'), name: 'Unassigned' };

/** A visit as the visits query reads it (the fields counting needs). */
export interface JobberVisit {
  id: string;
  startAt: string | null;
  allDay: boolean;
  createdAt: string | null;
  assignedUsers: { nodes: { id: string; name: { full: string } }[] };
  lineItems: { nodes: { linkedProductOrService: { id: string; name: string } | null }[] };
}

/** Visits in the counting form: one booked unit per visit, one moment at its start. */
export function bookingsFromVisits(visits: readonly JobberVisit[]): Bookings {
  const jobs: Bookings['jobs'] = [];
  const appointments: Bookings['appointments'] = [];
  const seen = new Set<string>();
  for (const visit of visits) {
    // Cursor paging has no tie-break guarantee: a visit seen on two pages counts once.
    if (!visit.startAt || seen.has(visit.id)) continue;
    seen.add(visit.id);
    const startMs = parseUtcInstant(visit.startAt);
    if (!Number.isFinite(startMs)) continue;
    const id = jobs.length + 1;
    const product = visit.lineItems.nodes[0]?.linkedProductOrService ?? null;
    const member = visit.assignedUsers.nodes[0] ?? null;
    const createdMs = visit.createdAt ? parseUtcInstant(visit.createdAt) : Number.NaN;
    jobs.push({
      id,
      businessUnitId: product ? itemNumber('service', product.id) : OTHER_SERVICE.id,
      jobTypeId: member ? itemNumber('team', member.id) : UNASSIGNED.id,
      canceled: false,
      createdOnMs: Number.isFinite(createdMs) ? createdMs : null,
    });
    appointments.push({ jobId: id, startMs, canceled: false });
  }
  return { jobs, appointments };
}

/**
 * The items of both views: every product or service and "Other"; every team member Jobber lists
 * (a former one too: past visits stay theirs, so a day's total stays its visits) and
 * "Unassigned"; named as Jobber shows them, sorted by name.
 */
export function itemsFromJobber(
  products: readonly { id: string; name: string }[],
  users: readonly { id: string; name: { full: string } }[],
): ProviderItems {
  const services: NamedItem[] = products.map((p) => ({
    id: itemNumber('service', p.id),
    name: p.name,
  }));
  const team: NamedItem[] = users.map((u) => ({ id: itemNumber('team', u.id), name: u.name.full }));
  return {
    businessUnits: [...services, OTHER_SERVICE].sort(byName),
    jobTypes: [...team, UNASSIGNED].sort(byName),
  };
}
