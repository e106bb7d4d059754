// Writes that may change which processor is active run one at a time per organization.
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organizations, paymentProcessors } from '../../db/schema/index';

/**
 * Locks the organization's row until the transaction ends, so two concurrent activations cannot both
 * leave their processor active. False when the organization does not exist.
 */
export async function lockOrganizationProcessors(tx: Tx, organizationId: number): Promise<boolean> {
  const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  return Boolean(org);
}

/** Turns every other processor of the organization off; answers the ids it turned off. */
export async function deactivateOtherProcessors(tx: Tx, organizationId: number, keepId: number): Promise<number[]> {
  const rows = await tx
    .update(paymentProcessors)
    .set({ isActive: false })
    .where(and(eq(paymentProcessors.organizationId, organizationId), eq(paymentProcessors.isActive, true), ne(paymentProcessors.id, keepId)))
    .returning({ id: paymentProcessors.id });
  return rows.map((r) => r.id);
}
