// The API shape of a users row (never the account id, permissions or sessions).
import type { User } from '../../../contracts/users';
import { isRole } from '../../../contracts/permissions';
import type { users } from '../../db/schema/index';

export function toUserResponse(row: typeof users.$inferSelect, organizationName: string | null): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    organizationId: row.organizationId,
    organizationName,
    // A role written by hand outside the known set gets the fewest rights, as the session does.
    role: isRole(row.role) ? row.role : 'guest',
    isActive: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
