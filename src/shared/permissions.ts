/**
 * The one permission vocabulary (product decision 10). The server decides with it; the client
 * uses the same functions only to show, hide or disable controls. No other module compares role
 * strings: ask `can(...)` (or `assignableRoles`, `denialReason`) instead.
 *
 * Company scope is part of every rule: a caller acts only inside their own company, except the
 * master admin, who acts in every company. A route that finds a target outside the caller's
 * scope answers 404 (the target does not exist for that caller), whatever the role.
 */

import { KEY_DENIAL, missingScopeMessage, type ApiKeyScope } from './api/api-key-scopes.js';

export const ROLES = ['user', 'account_admin', 'master_admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is calling: a person's session, a paired screen's device credential (read-only), or a
 * company's API key (read-only, its scopes only; issue 37, decision 050).
 */
export type Actor =
  | { kind: 'person'; id: string; role: Role; companyId: number | null }
  | {
      kind: 'screen';
      id: string;
      companyId: number;
      /** The one board it shows (issue 26); it sees no other board of its company. */
      boardId?: number;
    }
  | {
      kind: 'key';
      id: string;
      companyId: number;
      scopes: readonly ApiKeyScope[];
      /** The boards it may read; null: every board of its company. */
      boardIds: readonly number[] | null;
    };

/** A user row as the rules see it (the target of a user-management action). */
export interface UserTarget {
  id: string;
  role: Role;
  companyId: number | null;
  /** The protected master admin (decision 11): never demoted, never deleted, by anyone. */
  isProtected: boolean;
}

/** Something that belongs to one company (settings, credentials, screens, invitations...). */
export interface CompanyTarget {
  companyId: number | null;
  /** One board of that company (issue 26): a paired screen sees only its own. */
  boardId?: number;
}

/**
 * Every permission, named for what it allows. Company-scoped permissions take the company the
 * target belongs to; user permissions take the user row.
 */
export type Permission =
  /** The company's board numbers (capacity, metadata). Screens too. */
  | 'board.view'
  /** Company board settings: title, logo, workdays, holidays, zone, colours, day targets. */
  | 'boardSettings.edit'
  /**
   * A company's boards (issue 26): create, rename, reorder, pick items, delete, and move screens
   * between them. Every member of the company sees its boards (`board.view`).
   */
  | 'boards.manage'
  /** Business-unit / job-type preferences and item groups: names, groups, hiding, targets. */
  | 'preferences.edit'
  /** The /admin area: user list of the caller's company (all companies for the master admin). */
  | 'admin.access'
  | 'users.read'
  | 'invitations.manage'
  /** The company's platform connection and its users' own credentials. */
  | 'credentials.manage'
  /** Paired TV screens and screen links. */
  | 'screens.manage'
  | 'subscription.manage'
  /** Rename the company and connect its platform (the onboarding connect step). */
  | 'company.edit'
  /**
   * Create a company of one's own and become its account_admin (onboarding, decision 16): a
   * signed-in person who belongs to no company. Master admins create companies with
   * companies.manage instead.
   */
  | 'company.createOwn'
  /** Create, rename and delete companies; list every company. */
  | 'companies.manage'
  /** A board's alert rules and delivery log, read (issue 23): members of the company too. */
  | 'alerts.view'
  /** Create, change, delete and test a board's alert rules (issue 23). */
  | 'alerts.manage'
  /** A board's history: past days' numbers, their CSV (issue 27): every member of the company. */
  | 'history.view'
  /** The company's API keys (issue 37): create, list, revoke. */
  | 'apiKeys.manage';

export type UserPermission = 'users.changeRole' | 'users.delete';

const ADMIN_ROLES: readonly Role[] = ['account_admin', 'master_admin'];

/** What an account admin may do in their own company. */
const COMPANY_ADMIN: readonly Permission[] = [
  'board.view',
  'boardSettings.edit',
  'boards.manage',
  'preferences.edit',
  'admin.access',
  'users.read',
  'invitations.manage',
  'credentials.manage',
  'screens.manage',
  'subscription.manage',
  'company.edit',
  'alerts.view',
  'alerts.manage',
  'history.view',
  'apiKeys.manage',
];

/** Permissions a person holds in their own company, by role (master admins: in every company). */
const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  user: new Set<Permission>(['board.view', 'alerts.view', 'history.view']),
  account_admin: new Set<Permission>(COMPANY_ADMIN),
  master_admin: new Set<Permission>([...COMPANY_ADMIN, 'companies.manage']),
};

/** Permissions that need no company (the master admin's company-wide lists, the /admin page). */
const UNSCOPED: ReadonlySet<Permission> = new Set<Permission>(['admin.access', 'companies.manage']);

export const isAdminRole = (role: Role): boolean => ADMIN_ROLES.includes(role);
/** The roles that hold a permission (in their own company; the master admin: in every one). */
export const rolesHolding = (permission: Permission): Role[] =>
  ROLES.filter((role) => GRANTS[role].has(permission));
/** An invitation never changes a master admin (decision 019): none is offered to one. */
export const invitationsApplyTo = (role: Role): boolean => role !== 'master_admin';
export const isMasterAdmin = (actor: Actor | null | undefined): boolean =>
  actor?.kind === 'person' && actor.role === 'master_admin';

/** The permissions an API key's scopes stand for (read-only, each one scope). */
export const KEY_SCOPE_OF: Partial<Record<Permission, ApiKeyScope>> = {
  'board.view': 'boards:read',
  'history.view': 'history:read',
  'alerts.view': 'alerts:read',
};

/** True when the actor acts inside `companyId` (the master admin acts in every company). */
export function inScope(actor: Actor, companyId: number | null): boolean {
  if (isMasterAdmin(actor)) return true;
  return companyId !== null && actor.companyId === companyId;
}

/**
 * May the actor do this? Without a target, asks whether the actor holds the permission at all
 * (in their own company): enough to show a menu entry. With a target, company scope is checked.
 */
export function can(
  actor: Actor | null | undefined,
  permission: Permission,
  target?: CompanyTarget,
): boolean {
  if (!actor) return false;
  if (actor.kind === 'key') {
    const scope = KEY_SCOPE_OF[permission];
    return (
      scope !== undefined &&
      actor.scopes.includes(scope) &&
      (!target ||
        (target.companyId === actor.companyId &&
          (target.boardId === undefined ||
            actor.boardIds === null ||
            actor.boardIds.includes(target.boardId))))
    );
  }
  if (actor.kind === 'screen') {
    return (
      permission === 'board.view' &&
      (!target ||
        (target.companyId === actor.companyId &&
          (target.boardId === undefined || target.boardId === actor.boardId)))
    );
  }
  if (permission === 'company.createOwn') {
    return actor.companyId === null && !isMasterAdmin(actor) && !target;
  }
  if (!GRANTS[actor.role].has(permission)) return false;
  if (target) return inScope(actor, target.companyId);
  // Company-scoped permissions need a company to act in, except for the master admin.
  return UNSCOPED.has(permission) || isMasterAdmin(actor) || actor.companyId !== null;
}

/** Roles the actor may give to someone (account admins never grant master_admin). */
export function assignableRoles(actor: Actor | null | undefined): Role[] {
  if (!actor || actor.kind !== 'person') return [];
  if (actor.role === 'master_admin') return [...ROLES];
  if (actor.role === 'account_admin') return ['user', 'account_admin'];
  return [];
}

/**
 * Why the actor may not act on this user, or null when they may. For `users.changeRole` pass
 * the new role. The sentence is shown next to a disabled control.
 */
export function userActionDenial(
  actor: Actor | null | undefined,
  permission: UserPermission,
  target: UserTarget,
  newRole?: Role,
): string | null {
  if (!actor || actor.kind !== 'person') return 'Sign in to manage users.';
  if (!GRANTS[actor.role].has('users.read') || !inScope(actor, target.companyId)) {
    return 'You can only manage users of your own company.';
  }
  if (target.isProtected) return 'This master admin account is protected.';
  const master = actor.role === 'master_admin';
  if (target.role === 'master_admin' && !master)
    return 'Only a master admin can change a master admin.';
  if (permission === 'users.delete') {
    if (target.id === actor.id) return 'You cannot delete your own account.';
    return null;
  }
  if (target.id === actor.id && !master) return 'You cannot change your own role.';
  if (newRole !== undefined && !assignableRoles(actor).includes(newRole)) {
    return 'Only a master admin can grant the master admin role.';
  }
  return null;
}

export function canActOnUser(
  actor: Actor | null | undefined,
  permission: UserPermission,
  target: UserTarget,
  newRole?: Role,
): boolean {
  return userActionDenial(actor, permission, target, newRole) === null;
}

/**
 * A device with push notifications on (issue 36) is its owner's alone, whatever their role: only
 * they see, test or remove it. It is their consent to be notified there; an admin who no longer
 * wants someone told takes them off the rule instead, and someone who leaves the company is not
 * reached by its rules any more.
 */
export function canManageDevice(
  actor: Actor | null | undefined,
  device: { userId: string },
): boolean {
  return actor?.kind === 'person' && actor.id === device.userId;
}

/** The sentence a read-only control shows when the actor lacks a company-scoped permission. */
export function denialReason(
  actor: Actor | null | undefined,
  permission: Permission,
): string | null {
  if (can(actor, permission)) return null;
  if (!actor) return 'Sign in to make changes.';
  if (actor.kind === 'key') {
    const scope = KEY_SCOPE_OF[permission];
    return scope ? missingScopeMessage(scope) : KEY_DENIAL;
  }
  if (actor.kind === 'person' && actor.companyId === null && GRANTS[actor.role].has(permission)) {
    return 'Create or join a company first.';
  }
  switch (permission) {
    case 'boardSettings.edit':
    case 'boards.manage':
    case 'preferences.edit':
      return 'Only an administrator of your company can change this.';
    case 'companies.manage':
      return 'Only a master admin can manage companies.';
    default:
      return 'Admin access required';
  }
}

/**
 * The role an invitation grants: the seed's form sends a role and an isAdmin flag; isAdmin on
 * a plain "user" invitation means an account admin.
 */
export function invitedRole(role: Role, isAdmin: boolean): Role {
  return isAdmin && !isAdminRole(role) ? 'account_admin' : role;
}

/**
 * The protected master admin (decision 11): the configured e-mail, holding the master admin
 * role (someone whose unverified e-mail matched was never made master admin, so is not it).
 */
export function isProtectedAccount(
  user: { email: string; role: Role },
  protectedAdminEmail: string,
): boolean {
  return (
    user.role === 'master_admin' && user.email.toLowerCase() === protectedAdminEmail.toLowerCase()
  );
}

/** Every role but master admin acts inside a company, so an invitation to it names one. */
export const roleNeedsCompany = (role: Role): boolean => role !== 'master_admin';
