/** The demo accounts offered as one-click buttons on the development sign-in page. */
export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** What the account is for, shown under the button. */
  description: string;
}

export const demoAccounts: DemoAccount[] = [
  {
    email: 'master@callboard.test',
    firstName: 'Morgan',
    lastName: 'Master',
    description: 'Master admin (all companies)',
  },
  {
    email: 'manager@demo-hvac.test',
    firstName: 'Dana',
    lastName: 'Manager',
    description: 'Account admin, Demo Heating & Air',
  },
  {
    email: 'csr@demo-hvac.test',
    firstName: 'Casey',
    lastName: 'Rep',
    description: 'User, Demo Heating & Air',
  },
  {
    email: 'owner@demo-plumbing.test',
    firstName: 'Pat',
    lastName: 'Owner',
    description: 'Account admin, Demo Plumbing Co (Housecall Pro)',
  },
  {
    email: 'owner@demo-comfort.test',
    firstName: 'Jordan',
    lastName: 'Ellis',
    description: 'Account admin, Demo Comfort Services (Jobber)',
  },
];

/** Any other address signs in too, with a name derived from it. */
export function accountForEmail(email: string): DemoAccount {
  const known = demoAccounts.find((a) => a.email === email);
  if (known) return known;
  const local = email.split('@')[0] ?? email;
  const [first, ...rest] = local.split(/[._-]+/).filter(Boolean);
  const cap = (s: string | undefined) => (s ? s[0]!.toUpperCase() + s.slice(1) : '');
  return {
    email,
    firstName: cap(first) || 'Guest',
    lastName: cap(rest.join(' ')) || 'User',
    description: '',
  };
}
