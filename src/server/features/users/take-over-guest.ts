// An admin adding an address that belongs to a self-registered guest takes that account over
// (docs/decisions/004-registration-proves-the-address.md): a guest holds nothing but a proved address and a landing
// page, so the admin's new user replaces it rather than being refused. Any other account keeps the address (409).
import { eq } from 'drizzle-orm';
import type { Role } from '../../../contracts/permissions';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { deleteUserSessions } from '../../platform/sessions';

type UserRow = typeof users.$inferSelect;

export interface TakeOverValues {
  firstName: string;
  lastName: string;
  companyName: string | null;
  organizationId: number | null;
  role: Role;
}

/**
 * Turns the guest account of `email` into the admin's user, in the caller's transaction: organization, role and names
 * from the admin's input, the role's permissions only (extras cleared), active; every session of the guest ended, so
 * nobody carries a guest's session into a staff role. Null when the address belongs to no guest.
 */
export async function takeOverGuest(tx: DbOrTx, email: string, values: TakeOverValues): Promise<{ user: UserRow; previous: UserRow } | null> {
  // Locked: a concurrent change of the account (or a second takeover) waits for this one.
  const [previous] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
  if (!previous || previous.role !== 'guest') return null;
  const [user] = await tx
    .update(users)
    .set({ ...values, permissions: [], isActive: true })
    .where(eq(users.id, previous.id))
    .returning();
  await deleteUserSessions(tx, previous.id);
  return { user, previous };
}
