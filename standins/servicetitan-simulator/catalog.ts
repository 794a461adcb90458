/**
 * The sample tenant's fixed catalogue: business units and job types of a mid-sized HVAC,
 * plumbing and electrical company. Records carry every field ServiceTitan's OpenAPI documents
 * mark as required, so answers validate against them.
 */

export interface SimBusinessUnit {
  id: number;
  active: boolean;
  name: string;
  officialName: string | null;
  email: string | null;
  currency: string | null;
  phoneNumber: string | null;
  invoiceHeader: string | null;
  invoiceMessage: string | null;
  defaultTaxRate: number | null;
  authorizationParagraph: string | null;
  acknowledgementParagraph: string | null;
  address: null;
  materialSku: string | null;
  quickbooksClass: string | null;
  accountCode: string | null;
  franchiseId: string | null;
  conceptCode: string | null;
  corporateContractNumber: string | null;
  tenant: null;
  createdOn: string;
  modifiedOn: string;
  externalData: null;
}

export interface SimJobType {
  id: number;
  name: string;
  businessUnitIds: number[];
  skills: string[];
  tagTypeIds: number[];
  priority: string;
  /** Seconds. */
  duration: number;
  soldThreshold: number | null;
  class: string;
  summary: string;
  noCharge: boolean;
  enforceRecurringServiceEventSelection: boolean | null;
  invoiceSignaturesRequired: boolean;
  modifiedOn: string;
  createdOn: string;
  externalData: [];
  active: boolean;
}

/** How the generator books a job type (not part of the API answer). */
export interface JobTypeProfile {
  /** Relative frequency among booked jobs; 0 for inactive types. */
  weight: number;
  /** Appointments on consecutive days (installs). */
  days: 1 | 2 | 3;
  /** Booked round the clock, often near local midnight. */
  emergency: boolean;
}

const CATALOG_CREATED = '2021-03-01T14:00:00Z';
const CATALOG_MODIFIED = '2024-11-18T15:30:00Z';

function businessUnit(id: number, name: string, active: boolean): SimBusinessUnit {
  return {
    id,
    active,
    name,
    officialName: `Demo Heating & Air - ${name}`,
    email: 'office@demo-heating-air.test',
    currency: 'USD',
    phoneNumber: '9415550100',
    invoiceHeader: null,
    invoiceMessage: null,
    defaultTaxRate: 0.07,
    authorizationParagraph: null,
    acknowledgementParagraph: null,
    address: null,
    materialSku: null,
    quickbooksClass: name,
    accountCode: null,
    franchiseId: null,
    conceptCode: null,
    corporateContractNumber: null,
    tenant: null,
    createdOn: CATALOG_CREATED,
    modifiedOn: active ? CATALOG_MODIFIED : '2023-01-09T16:00:00Z',
    externalData: null,
  };
}

export const BUSINESS_UNITS: readonly SimBusinessUnit[] = [
  businessUnit(1001, 'HVAC Service', true),
  businessUnit(1002, 'HVAC Install', true),
  businessUnit(1003, 'Plumbing Service', true),
  businessUnit(1004, 'Plumbing Install', true),
  businessUnit(1005, 'Electrical', true),
  businessUnit(1006, 'Commercial HVAC (Legacy)', false),
];

interface JobTypeSeed {
  id: number;
  name: string;
  businessUnitIds: number[];
  hours: number;
  weight: number;
  days?: 1 | 2 | 3;
  emergency?: boolean;
  active?: boolean;
  skills?: string[];
}

const JOB_TYPE_SEEDS: JobTypeSeed[] = [
  { id: 2001, name: 'AC Repair', businessUnitIds: [1001], hours: 2, weight: 10, skills: ['HVAC'] },
  {
    id: 2002,
    name: 'Furnace Repair',
    businessUnitIds: [1001],
    hours: 2,
    weight: 6,
    skills: ['HVAC'],
  },
  { id: 2003, name: 'HVAC Maintenance', businessUnitIds: [1001], hours: 1.5, weight: 9 },
  {
    id: 2004,
    name: 'No Cool Diagnostic',
    businessUnitIds: [1001],
    hours: 1,
    weight: 5,
    emergency: true,
  },
  {
    id: 2005,
    name: 'No Heat Diagnostic',
    businessUnitIds: [1001],
    hours: 1,
    weight: 3,
    emergency: true,
  },
  { id: 2006, name: 'Duct Cleaning', businessUnitIds: [1001], hours: 3, weight: 2 },
  { id: 2007, name: 'AC Replacement', businessUnitIds: [1002], hours: 8, weight: 3, days: 2 },
  { id: 2008, name: 'Furnace Replacement', businessUnitIds: [1002], hours: 8, weight: 2, days: 2 },
  { id: 2009, name: 'Heat Pump Install', businessUnitIds: [1002], hours: 8, weight: 2, days: 3 },
  { id: 2010, name: 'Estimate - HVAC System', businessUnitIds: [1002], hours: 1, weight: 4 },
  { id: 2011, name: 'Drain Cleaning', businessUnitIds: [1003], hours: 1.5, weight: 7 },
  { id: 2012, name: 'Leak Repair', businessUnitIds: [1003], hours: 2, weight: 6 },
  { id: 2013, name: 'Water Heater Repair', businessUnitIds: [1003], hours: 2, weight: 4 },
  { id: 2014, name: 'Toilet Repair', businessUnitIds: [1003], hours: 1, weight: 3 },
  {
    id: 2015,
    name: 'Emergency Plumbing',
    businessUnitIds: [1003],
    hours: 2,
    weight: 2,
    emergency: true,
  },
  { id: 2016, name: 'Water Heater Install', businessUnitIds: [1004], hours: 4, weight: 3 },
  { id: 2017, name: 'Whole-House Repipe', businessUnitIds: [1004], hours: 8, weight: 1, days: 3 },
  { id: 2018, name: 'Estimate - Plumbing', businessUnitIds: [1004], hours: 1, weight: 2 },
  { id: 2019, name: 'Electrical Troubleshoot', businessUnitIds: [1005], hours: 2, weight: 5 },
  { id: 2020, name: 'Panel Upgrade', businessUnitIds: [1005], hours: 8, weight: 2, days: 2 },
  { id: 2021, name: 'EV Charger Install', businessUnitIds: [1005], hours: 4, weight: 2 },
  { id: 2022, name: 'Generator Maintenance', businessUnitIds: [1005], hours: 2, weight: 2 },
  { id: 2023, name: 'Warranty Call', businessUnitIds: [1001, 1003, 1005], hours: 1, weight: 2 },
  {
    id: 2024,
    name: 'Boiler Service (Legacy)',
    businessUnitIds: [1006],
    hours: 3,
    weight: 0,
    active: false,
  },
  {
    id: 2025,
    name: 'Spring Tune-Up Promo 2022',
    businessUnitIds: [1001],
    hours: 1,
    weight: 0,
    active: false,
  },
];

export const JOB_TYPES: readonly SimJobType[] = JOB_TYPE_SEEDS.map((seed) => ({
  id: seed.id,
  name: seed.name,
  businessUnitIds: seed.businessUnitIds,
  skills: seed.skills ?? [],
  tagTypeIds: [],
  priority: seed.emergency ? 'High' : 'Normal',
  duration: Math.round(seed.hours * 3600),
  soldThreshold: null,
  class: seed.days ? 'Install' : 'Service',
  summary: `${seed.name} (sample job type)`,
  noCharge: false,
  enforceRecurringServiceEventSelection: null,
  invoiceSignaturesRequired: false,
  modifiedOn: CATALOG_MODIFIED,
  createdOn: CATALOG_CREATED,
  externalData: [],
  active: seed.active ?? true,
}));

export const JOB_TYPE_PROFILES: ReadonlyMap<number, JobTypeProfile> = new Map(
  JOB_TYPE_SEEDS.map((seed) => [
    seed.id,
    { weight: seed.weight, days: seed.days ?? 1, emergency: seed.emergency ?? false },
  ]),
);
