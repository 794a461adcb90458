import { describe, expect, it } from 'vitest';
import { onboardingStepFor } from './api/onboarding.js';
import {
  can,
  invitedRole,
  isProtectedAccount,
  roleNeedsCompany,
  type Actor,
} from './permissions.js';

const A = 1;
const B = 2;
const newcomer: Actor = { kind: 'person', id: 'n', role: 'user', companyId: null };
const user: Actor = { kind: 'person', id: 'u', role: 'user', companyId: A };
const adminA: Actor = { kind: 'person', id: 'a', role: 'account_admin', companyId: A };
const master: Actor = { kind: 'person', id: 'm', role: 'master_admin', companyId: null };
const unset = { companyConfigured: false, hasOwnCredential: false };
const set = { companyConfigured: true, hasOwnCredential: false };

describe('company permissions for onboarding', () => {
  it('lets only a person without a company (not the master admin) create their own', () => {
    expect(can(newcomer, 'company.createOwn')).toBe(true);
    expect(can(user, 'company.createOwn')).toBe(false);
    expect(can(adminA, 'company.createOwn')).toBe(false);
    expect(can(master, 'company.createOwn')).toBe(false);
    expect(can(null, 'company.createOwn')).toBe(false);
  });

  it('lets an account admin edit their own company only; the master admin any', () => {
    expect(can(adminA, 'company.edit', { companyId: A })).toBe(true);
    expect(can(adminA, 'company.edit', { companyId: B })).toBe(false);
    expect(can(user, 'company.edit', { companyId: A })).toBe(false);
    expect(can(master, 'company.edit', { companyId: B })).toBe(true);
    expect(can(adminA, 'companies.manage')).toBe(false);
  });
});

describe('onboardingStepFor', () => {
  it('walks a newcomer from creating a company through connecting ServiceTitan to the board', () => {
    expect(onboardingStepFor(newcomer, unset)).toBe('create_company');
    expect(onboardingStepFor(adminA, unset)).toBe('connect_servicetitan');
    expect(onboardingStepFor(adminA, set)).toBe('done');
    expect(onboardingStepFor(adminA, { companyConfigured: false, hasOwnCredential: true })).toBe(
      'done',
    );
  });

  it('sends a master admin without a company to choose one, and a plain user to the board', () => {
    expect(onboardingStepFor(master, unset)).toBe('choose_company');
    expect(onboardingStepFor(user, unset)).toBe('done');
  });
});

describe('invitation and protection helpers', () => {
  it('reads isAdmin on a plain user invitation as account admin', () => {
    expect(invitedRole('user', true)).toBe('account_admin');
    expect(invitedRole('user', false)).toBe('user');
    expect(invitedRole('master_admin', true)).toBe('master_admin');
  });

  it('names only the master admin holding the configured e-mail as protected', () => {
    expect(
      isProtectedAccount({ email: 'Owner@X.test', role: 'master_admin' }, 'owner@x.test'),
    ).toBe(true);
    expect(isProtectedAccount({ email: 'owner@x.test', role: 'user' }, 'owner@x.test')).toBe(false);
    expect(isProtectedAccount({ email: 'b@x.test', role: 'master_admin' }, 'owner@x.test')).toBe(
      false,
    );
  });

  it('requires a company for every role but master admin', () => {
    expect(roleNeedsCompany('user')).toBe(true);
    expect(roleNeedsCompany('account_admin')).toBe(true);
    expect(roleNeedsCompany('master_admin')).toBe(false);
  });
});
