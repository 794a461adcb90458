import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  can,
  canActOnUser,
  denialReason,
  userActionDenial,
  type Actor,
  type UserTarget,
} from './permissions.js';

const A = 1;
const B = 2;
const user: Actor = { kind: 'person', id: 'u', role: 'user', companyId: A };
const adminA: Actor = { kind: 'person', id: 'a', role: 'account_admin', companyId: A };
const adminNoCompany: Actor = { kind: 'person', id: 'n', role: 'account_admin', companyId: null };
const master: Actor = { kind: 'person', id: 'm', role: 'master_admin', companyId: null };
const screenA: Actor = { kind: 'screen', id: 's', companyId: A };

const row = (over: Partial<UserTarget> = {}): UserTarget => ({
  id: 'x',
  role: 'user',
  companyId: A,
  isProtected: false,
  ...over,
});

describe('can', () => {
  it('lets a user view their own company board and nothing else', () => {
    expect(can(user, 'board.view', { companyId: A })).toBe(true);
    expect(can(user, 'board.view', { companyId: B })).toBe(false);
    expect(can(user, 'boardSettings.edit', { companyId: A })).toBe(false);
    expect(can(user, 'admin.access')).toBe(false);
  });

  it('keeps an account admin inside their company', () => {
    expect(can(adminA, 'credentials.manage', { companyId: A })).toBe(true);
    expect(can(adminA, 'credentials.manage', { companyId: B })).toBe(false);
    expect(can(adminA, 'companies.manage')).toBe(false);
    expect(can(adminA, 'subscription.manage')).toBe(true);
  });

  it('gives an admin without a company nothing company-scoped', () => {
    expect(can(adminNoCompany, 'credentials.manage')).toBe(false);
    expect(can(adminNoCompany, 'credentials.manage', { companyId: null })).toBe(false);
    expect(denialReason(adminNoCompany, 'credentials.manage')).toBe(
      'Create or join a company first.',
    );
  });

  it('lets the master admin act in every company', () => {
    expect(can(master, 'companies.manage')).toBe(true);
    expect(can(master, 'preferences.edit', { companyId: B })).toBe(true);
  });

  it('lets a screen only read its own company board', () => {
    expect(can(screenA, 'board.view', { companyId: A })).toBe(true);
    expect(can(screenA, 'board.view', { companyId: B })).toBe(false);
    expect(can(screenA, 'boardSettings.edit', { companyId: A })).toBe(false);
    expect(can(null, 'board.view')).toBe(false);
  });

  it('lets every member see their company boards, admins manage them, a screen only its own board', () => {
    const tv: Actor = { kind: 'screen', id: '9', companyId: A, boardId: 7 };
    expect(can(tv, 'board.view', { companyId: A, boardId: 7 })).toBe(true);
    expect(can(tv, 'board.view', { companyId: A, boardId: 8 })).toBe(false);
    expect(can(tv, 'boards.manage', { companyId: A, boardId: 7 })).toBe(false);
    expect(can(user, 'board.view', { companyId: A, boardId: 8 })).toBe(true);
    expect(can(user, 'boards.manage', { companyId: A })).toBe(false);
    expect(can(adminA, 'boards.manage', { companyId: A })).toBe(true);
    expect(can(adminA, 'boards.manage', { companyId: B })).toBe(false);
    expect(can(master, 'boards.manage', { companyId: B })).toBe(true);
  });
});

describe('users', () => {
  it('never lets an account admin grant master_admin', () => {
    expect(assignableRoles(adminA)).toEqual(['user', 'account_admin']);
    expect(canActOnUser(adminA, 'users.changeRole', row(), 'master_admin')).toBe(false);
    expect(canActOnUser(adminA, 'users.changeRole', row(), 'account_admin')).toBe(true);
  });

  it('refuses self-deletion, master admins and other companies to an account admin', () => {
    expect(userActionDenial(adminA, 'users.delete', row({ id: 'a', role: 'account_admin' }))).toBe(
      'You cannot delete your own account.',
    );
    expect(canActOnUser(adminA, 'users.delete', row({ role: 'master_admin' }))).toBe(false);
    expect(canActOnUser(adminA, 'users.delete', row({ companyId: B }))).toBe(false);
    expect(canActOnUser(adminA, 'users.delete', row())).toBe(true);
  });

  it('protects the protected master admin from everyone, the master admin included', () => {
    const protectedRow = row({ role: 'master_admin', companyId: null, isProtected: true });
    expect(canActOnUser(master, 'users.delete', protectedRow)).toBe(false);
    expect(canActOnUser(master, 'users.changeRole', protectedRow, 'user')).toBe(false);
    expect(canActOnUser(master, 'users.delete', row({ companyId: B }))).toBe(true);
  });

  it('gives a plain user no user management', () => {
    expect(canActOnUser(user, 'users.delete', row({ id: 'y' }))).toBe(false);
    expect(assignableRoles(user)).toEqual([]);
  });
});
