// Who may give which role to whom, and where: the rules /api/users and /api/admin/users share.
import { USER_MESSAGES } from '../../../contracts/users';
import type { Role } from '../../../contracts/permissions';
import type { RequestContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';

/**
 * The organization a new user joins. A super user's choice stands (null: none); an organization admin's users
 * always join the admin's own organization and never become super users.
 */
export function organizationForNewUser(ctx: RequestContext, role: Role, requested: number | null | undefined): number | null {
  if (ctx.isSuperUser) return requested ?? null;
  if (role === 'super_user') throw forbidden(USER_MESSAGES.grantSuperUser);
  if (ctx.organizationId === null) throw forbidden('Your account is not part of an organization');
  if (requested !== undefined && requested !== null && requested !== ctx.organizationId) throw forbidden(USER_MESSAGES.otherOrganization);
  return ctx.organizationId;
}

interface Target {
  id: number;
  role: string;
  isActive: boolean;
}

interface Changes {
  role?: Role;
  organizationId?: number | null;
  isActive?: boolean;
}

/** Throws 403 when the caller may not make these changes to this (visible) user. */
export function assertMayChangeUser(ctx: RequestContext, target: Target, changes: Changes): void {
  if (!ctx.isSuperUser) {
    if (target.role === 'super_user') throw forbidden(USER_MESSAGES.changeSuperUser);
    if (changes.role === 'super_user') throw forbidden(USER_MESSAGES.grantSuperUser);
    // Moving a user out of the organization (null included) would hand them to someone else or to no one.
    if (changes.organizationId !== undefined && changes.organizationId !== ctx.organizationId) throw forbidden(USER_MESSAGES.otherOrganization);
  }
  if (target.id === ctx.user.id) {
    // Nobody raises (or otherwise changes) their own role; resending the current one is not a change.
    if (changes.role !== undefined && changes.role !== target.role) throw forbidden(USER_MESSAGES.ownRole);
    if (changes.isActive === false) throw forbidden(USER_MESSAGES.ownDeactivation);
  }
}
