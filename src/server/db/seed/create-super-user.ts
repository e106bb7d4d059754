import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema/index';

/** Makes the address a super user: a new account, or an existing one promoted and re-activated. */
export async function createSuperUser(db: Db, rawEmail: string): Promise<'created' | 'promoted'> {
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Not an e-mail address: ${rawEmail}`);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await db.update(users).set({ role: 'super_user', isActive: true }).where(eq(users.id, existing.id));
    return 'promoted';
  }
  await db.insert(users).values({ accountId: randomUUID(), email, role: 'super_user', organizationId: null });
  return 'created';
}
