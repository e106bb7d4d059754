// Self-registration: a guest of the organization the register page was opened for.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { RegisterBody } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { conflict, invalid, pgErrorCode } from '../../platform/errors';

export const EMAIL_TAKEN = 'An account with this email already exists';

/** The page's organization when it names one (null when that slug does not exist), else the configured one, else the first. */
async function registrationOrganization(db: Db, slug: string | null | undefined, configuredSlug?: string) {
  const bySlug = async (s: string) => (await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, s)).limit(1))[0]?.id ?? null;
  if (slug) return bySlug(slug);
  const configured = configuredSlug ? await bySlug(configuredSlug) : null;
  if (configured !== null) return configured;
  const [first] = await db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id)).limit(1);
  return first?.id ?? null;
}

export async function registerUser(db: Db, body: RegisterBody, configuredSlug?: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
  if (existing) throw conflict(EMAIL_TAKEN);
  const organizationId = await registrationOrganization(db, body.organizationSlug, configuredSlug);
  if (body.organizationSlug && organizationId === null) {
    throw invalid('organizationSlug: Organization not found', [{ path: 'organizationSlug', message: 'Organization not found' }]);
  }
  try {
    const [user] = await db
      .insert(users)
      .values({
        accountId: randomUUID(),
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        companyName: '',
        organizationId,
        role: 'guest',
      })
      .returning();
    return user;
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw conflict(EMAIL_TAKEN);
    throw e;
  }
}
