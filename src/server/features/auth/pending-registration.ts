// Self-registrations waiting for their code (docs/decisions/004-registration-proves-the-address.md): the account is
// created only when the owner of the address proves it, in the transaction that claims the code (otp.ts).
import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pendingRegistrations, users } from '../../db/schema/index';

export interface PendingRegistration {
  email: string;
  firstName: string;
  lastName: string;
  organizationId: number | null;
}

/**
 * Stores (or replaces: one row per address) a registration. It lives as long as the code sent with it (`expiresAt`);
 * after that registering again sends a new one.
 */
export async function storePendingRegistration(tx: DbOrTx, registration: PendingRegistration, now: Date, expiresAt: Date): Promise<void> {
  await tx
    .insert(pendingRegistrations)
    .values({ ...registration, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: pendingRegistrations.email,
      set: { firstName: registration.firstName, lastName: registration.lastName, organizationId: registration.organizationId, expiresAt, createdAt: now },
    });
}

/**
 * The guest account of the address's pending registration, created now that its code was verified; null when none is
 * waiting (or it expired). Called inside the code check's transaction, so the account exists only if the code's claim
 * commits. DELETE ... RETURNING claims the row: two checks cannot both create the account.
 */
export async function createAccountFromRegistration(tx: DbOrTx, email: string, now: Date) {
  const [pending] = await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email)).returning();
  if (!pending || pending.expiresAt <= now) return null;
  const [created] = await tx
    .insert(users)
    .values({
      accountId: randomUUID(),
      email,
      firstName: pending.firstName,
      lastName: pending.lastName,
      companyName: '',
      organizationId: pending.organizationId,
      role: 'guest',
    })
    // An admin may have added the address in the meantime: their account stands, and the proved owner signs in to it.
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return created;
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return existing ?? null;
}

/** An admin adding the address as a user makes a waiting self-registration moot (users/create-user.ts). */
export async function discardPendingRegistration(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}

/** Hourly housekeeping (main.ts): registrations whose code has expired. */
export async function purgeExpiredRegistrations(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now)).returning({ id: pendingRegistrations.id });
  return gone.length;
}
