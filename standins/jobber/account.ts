import {
  DAY_MS,
  MINUTE_MS,
  localDayNumber,
  localTimeToUtcMs,
  weekdayOf,
} from '../servicetitan-simulator/local-time.js';
import { createRandom, mixSeed } from '../servicetitan-simulator/random.js';

/**
 * The sample Jobber account: a home-comfort shop whose Products & Services, team and visits look
 * like a real one's. Visits are planned for every day from 13 weeks back to three weeks ahead
 * from a seed, so the same seed gives the same account on every machine; at any moment only the
 * visits already booked (`createdAt` at or before it) and not yet removed exist, so the account
 * books through the day as the clock moves. Jobber has no cancelled visits: a removed visit is
 * gone (VISIT_DESTROY).
 */

/** Jobber's encoded ids: Base64 of a global id (`gid://Jobber/Visit/123`). */
export function encodedId(type: string, n: number | string): string {
  return Buffer.from(`gid://Jobber/${type}/${n}`).toString('base64');
}

export interface ProductOrService {
  id: string;
  name: string;
  category: 'SERVICE' | 'PRODUCT';
  visible: boolean;
  defaultUnitCost: number;
}

export interface TeamMember {
  id: string;
  first: string;
  last: string;
  email: string;
  isAccountOwner: boolean;
  isAccountAdmin: boolean;
  status: 'ACTIVATED' | 'DEACTIVATED';
}

export interface LineItem {
  id: string;
  name: string;
  quantity: number;
  unitPrice: number;
  /** Null: a one-off line item not from the saved Products & Services list. */
  productOrServiceId: string | null;
}

export interface Visit {
  id: string;
  jobId: string;
  jobNumber: number;
  title: string;
  /** UTC ms; null for an unscheduled visit. */
  startMs: number | null;
  endMs: number | null;
  allDay: boolean;
  createdMs: number;
  /** When the office removed it (then it no longer exists); null: never. */
  destroyedMs: number | null;
  /** When it was marked complete; null: not (yet). */
  completedMs: number | null;
  /** In the order Jobber lists them. */
  assignedUserIds: string[];
  lineItems: LineItem[];
  recurring: boolean;
}

const SERVICES: { name: string; price: number; weight: number; minutes: number }[] = [
  { name: 'AC Repair', price: 189, weight: 6, minutes: 90 },
  { name: 'Furnace Tune-Up', price: 129, weight: 5, minutes: 60 },
  { name: 'Heat Pump Install', price: 7400, weight: 1, minutes: 480 },
  { name: 'Duct Cleaning', price: 399, weight: 2, minutes: 180 },
  { name: 'Thermostat Install', price: 249, weight: 3, minutes: 60 },
  { name: 'Maintenance Plan Visit', price: 0, weight: 5, minutes: 60 },
  { name: 'Water Heater Repair', price: 219, weight: 3, minutes: 120 },
  { name: 'Indoor Air Quality Assessment', price: 99, weight: 2, minutes: 60 },
];

const TEAM: Omit<TeamMember, 'id'>[] = [
  {
    first: 'Jordan',
    last: 'Ellis',
    email: 'owner@demo-comfort.test',
    isAccountOwner: true,
    isAccountAdmin: true,
    status: 'ACTIVATED',
  },
  ...[
    ['Marcus', 'Reed'],
    ['Priya', 'Shah'],
    ['Dana', 'Kowalski'],
    ['Luis', 'Ortega'],
    ['Hannah', 'Brooks'],
    ['Andre', 'Baptiste'],
  ].map(([first, last]) => ({
    first: first!,
    last: last!,
    email: `${first!.toLowerCase()}@demo-comfort.test`,
    isAccountOwner: false,
    isAccountAdmin: false,
    status: 'ACTIVATED' as const,
  })),
  {
    first: 'Carl',
    last: 'Whitman',
    email: 'carl@demo-comfort.test',
    isAccountOwner: false,
    isAccountAdmin: false,
    status: 'DEACTIVATED',
  },
];

/** Past days planned (13 weeks and one for a whole first week) and days ahead. */
const HISTORY_DAYS = 14 * 7;
const MAX_LEAD_DAYS = 21;

export interface AccountOptions {
  seed: number;
  timeZone: string;
  name: string;
  /** The account's id number (its encoded id is `gid://Jobber/Account/<n>`). */
  number: number;
}

export interface JobberAccount {
  readonly id: string;
  readonly name: string;
  readonly timeZone: string;
  readonly productsAndServices: readonly ProductOrService[];
  readonly users: readonly TeamMember[];
  /** Every visit that exists at this moment (booked by then, not removed), unsorted. */
  visitsAt(nowMs: number): Visit[];
  /** Books a visit now (or at `createdMs`): what the office does in Jobber. */
  addVisit(input: {
    startMs: number | null;
    durationMinutes?: number;
    allDay?: boolean;
    createdMs: number;
    productOrServiceIds?: (string | null)[];
    assignedUserIds?: string[];
  }): Visit;
  /** Removes a visit (VISIT_DESTROY); false when there is none. */
  removeVisit(id: string, atMs: number): boolean;
  /** Visits booked or removed in (fromMs, toMs]: what webhooks announce. */
  changesBetween(fromMs: number, toMs: number): { topic: string; itemId: string }[];
}

export function createAccount(options: AccountOptions): JobberAccount {
  const { seed, timeZone } = options;
  const productsAndServices: ProductOrService[] = [
    ...SERVICES.map((s, i) => ({
      id: encodedId('ProductOrService', 100 + i),
      name: s.name,
      category: 'SERVICE' as const,
      visible: true,
      defaultUnitCost: s.price,
    })),
    {
      id: encodedId('ProductOrService', 190),
      name: 'Air Filter 16x25x1',
      category: 'PRODUCT',
      visible: true,
      defaultUnitCost: 24,
    },
  ];
  const users: TeamMember[] = TEAM.map((member, i) => ({
    ...member,
    id: encodedId('User', options.number * 100 + i + 1),
  }));
  const technicians = users.filter((u) => u.status === 'ACTIVATED' && !u.isAccountOwner);
  const formerTech = users.find((u) => u.status === 'DEACTIVATED')!;
  const serviceWeights = SERVICES.map((s, i) => ({ ...s, product: productsAndServices[i]! }));
  const planned = new Map<number, Visit[]>();
  const added: Visit[] = [];
  const removed = new Map<string, number>();
  let nextAdded = 1;

  function planDay(day: number): Visit[] {
    const random = createRandom(mixSeed(seed, day));
    const weekday = weekdayOf(day);
    const count =
      weekday === 0 ? random.int(0, 2) : weekday === 6 ? random.int(3, 7) : random.int(16, 28);
    const visits: Visit[] = [];
    for (let n = 0; n < count; n++) {
      const visitNumber = day * 100 + n;
      const service = random.weighted(serviceWeights);
      const allDay = service.minutes >= 480 || random.chance(0.03);
      const startMin = allDay ? 0 : (random.int(7 * 2, 16 * 2) * 30) % (24 * 60);
      const startMs = localTimeToUtcMs(day, startMin, timeZone);
      const endMs = allDay
        ? localTimeToUtcMs(day + 1, 0, timeZone) - 1000
        : startMs + service.minutes * MINUTE_MS;
      const leadRoll = random.next();
      const leadMin =
        leadRoll < 0.25
          ? random.int(30, 8 * 60)
          : leadRoll < 0.6
            ? random.int(8 * 60, 3 * 24 * 60)
            : random.int(3 * 24 * 60, MAX_LEAD_DAYS * 24 * 60);
      // Booked during office hours, the way a dispatcher books.
      const rawCreated = startMs - leadMin * MINUTE_MS;
      const createdDay = localDayNumber(rawCreated, timeZone);
      const createdMs = Math.min(
        rawCreated,
        localTimeToUtcMs(createdDay, random.int(7 * 60, 17 * 60), timeZone),
      );
      const crewRoll = random.next();
      const crew =
        crewRoll < 0.08
          ? []
          : crewRoll < 0.8
            ? [random.pick(technicians)]
            : [random.pick(technicians), random.pick(technicians)].filter(
                (u, i, all) => all.indexOf(u) === i,
              );
      if (day < localDayNumber(Date.UTC(2026, 9, 1), timeZone) && random.chance(0.05))
        crew.unshift(formerTech);
      const itemRoll = random.next();
      const lineItems: LineItem[] =
        itemRoll < 0.07
          ? []
          : [
              {
                id: encodedId('JobLineItem', visitNumber * 10),
                name: itemRoll < 0.12 ? 'Diagnostic fee' : service.name,
                quantity: 1,
                unitPrice: itemRoll < 0.12 ? 89 : service.price,
                productOrServiceId: itemRoll < 0.12 ? null : service.product.id,
              },
              ...(random.chance(0.25)
                ? [
                    {
                      id: encodedId('JobLineItem', visitNumber * 10 + 1),
                      name: 'Air Filter 16x25x1',
                      quantity: random.int(1, 4),
                      unitPrice: 24,
                      productOrServiceId: productsAndServices[productsAndServices.length - 1]!.id,
                    },
                  ]
                : []),
            ];
      const destroyedMs = random.chance(0.04)
        ? createdMs + Math.floor((startMs - createdMs) * random.next())
        : null;
      visits.push({
        id: encodedId('Visit', visitNumber),
        jobId: encodedId('Job', visitNumber),
        jobNumber: visitNumber % 100_000,
        title: service.name,
        startMs,
        endMs,
        allDay,
        createdMs,
        destroyedMs,
        completedMs: random.chance(0.85) ? endMs + random.int(0, 90) * MINUTE_MS : null,
        assignedUserIds: crew.map((u) => u.id),
        lineItems,
        recurring: service.name === 'Maintenance Plan Visit',
      });
    }
    // A few requests waiting to be scheduled: they never count.
    if (random.chance(0.3)) {
      visits.push({
        id: encodedId('Visit', day * 100 + 99),
        jobId: encodedId('Job', day * 100 + 99),
        jobNumber: (day * 100 + 99) % 100_000,
        title: 'Estimate request',
        startMs: null,
        endMs: null,
        allDay: false,
        createdMs: localTimeToUtcMs(day, 9 * 60, timeZone) - DAY_MS,
        destroyedMs: null,
        completedMs: null,
        assignedUserIds: [],
        lineItems: [],
        recurring: false,
      });
    }
    return visits;
  }

  function plannedDay(day: number): Visit[] {
    let visits = planned.get(day);
    if (!visits) {
      visits = planDay(day);
      planned.set(day, visits);
    }
    return visits;
  }

  function exists(visit: Visit, nowMs: number): boolean {
    if (visit.createdMs > nowMs) return false;
    const gone = removed.get(visit.id) ?? visit.destroyedMs;
    return gone === null || gone === undefined || gone > nowMs;
  }

  function candidates(nowMs: number): Visit[] {
    const today = localDayNumber(nowMs, timeZone);
    const all: Visit[] = [];
    for (let day = today - HISTORY_DAYS; day <= today + MAX_LEAD_DAYS + 1; day++)
      all.push(...plannedDay(day));
    return all.concat(added);
  }

  return {
    id: encodedId('Account', options.number),
    name: options.name,
    timeZone,
    productsAndServices,
    users,
    visitsAt(nowMs) {
      return candidates(nowMs).filter((v) => exists(v, nowMs));
    },
    addVisit(input) {
      const n = nextAdded++;
      const allDay = input.allDay ?? false;
      const startMs =
        input.startMs === null
          ? null
          : allDay
            ? localTimeToUtcMs(localDayNumber(input.startMs, timeZone), 0, timeZone)
            : input.startMs;
      const endMs =
        startMs === null
          ? null
          : allDay
            ? localTimeToUtcMs(localDayNumber(startMs, timeZone) + 1, 0, timeZone) - 1000
            : startMs + (input.durationMinutes ?? 60) * MINUTE_MS;
      const lineItems = (input.productOrServiceIds ?? [productsAndServices[0]!.id]).map(
        (productId, i): LineItem => {
          const product = productsAndServices.find((p) => p.id === productId);
          return {
            id: encodedId('JobLineItem', `booked-${n}-${i}`),
            name: product?.name ?? 'Custom work',
            quantity: 1,
            unitPrice: product?.defaultUnitCost ?? 100,
            productOrServiceId: product ? product.id : null,
          };
        },
      );
      const visit: Visit = {
        id: encodedId('Visit', `booked-${n}`),
        jobId: encodedId('Job', `booked-${n}`),
        jobNumber: 90_000 + n,
        title: lineItems[0]?.name ?? 'Visit',
        startMs,
        endMs,
        allDay,
        createdMs: input.createdMs,
        destroyedMs: null,
        completedMs: null,
        assignedUserIds: input.assignedUserIds ?? [technicians[0]!.id],
        lineItems,
        recurring: false,
      };
      added.push(visit);
      return visit;
    },
    removeVisit(id, atMs) {
      const visit = candidates(atMs).find((v) => v.id === id && exists(v, atMs));
      if (!visit) return false;
      removed.set(id, atMs);
      return true;
    },
    changesBetween(fromMs, toMs) {
      const changes: { topic: string; itemId: string }[] = [];
      for (const visit of candidates(toMs)) {
        if (visit.createdMs > fromMs && visit.createdMs <= toMs)
          changes.push({ topic: 'VISIT_CREATE', itemId: visit.id });
        const gone = visit.destroyedMs;
        if (gone !== null && gone > fromMs && gone <= toMs && !removed.has(visit.id))
          changes.push({ topic: 'VISIT_DESTROY', itemId: visit.id });
      }
      return changes;
    },
  };
}
