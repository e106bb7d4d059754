// The signed-in user as the browser sees it (GET /api/auth/me and /api/me).
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth';
import { permissionsFor } from '../../../contracts/permissions';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import type { SessionUser } from '../../platform/context';

export async function getCurrentUser(db: DbOrTx, user: SessionUser, impersonating: boolean): Promise<CurrentUser> {
  let organization: CurrentUser['organization'] = null;
  if (user.organizationId !== null) {
    const [org] = await db
      .select({
        id: organizations.id,
        name: organizations.name,
        slug: organizations.slug,
        industry: organizations.industry,
        logo: organizations.logo,
        labelOverrides: organizations.labelOverrides,
      })
      .from(organizations)
      .where(eq(organizations.id, user.organizationId))
      .limit(1);
    if (org) organization = { ...org, labelOverrides: org.labelOverrides ?? null };
  }
  return {
    id: user.id,
    accountId: user.accountId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    organizationId: user.organizationId,
    role: user.role,
    permissions: user.permissions,
    effectivePermissions: [...permissionsFor(user.role, user.permissions)],
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    organization,
    impersonating,
  };
}
