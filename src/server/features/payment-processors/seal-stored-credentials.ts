// Start-up pass: processor secrets written before encryption at rest (plain text in payment_processors.configuration)
// are sealed in place. Idempotent (a sealed value is left alone) and safe with several instances starting at once:
// each row is re-read under a row lock and judged again, so the second instance finds it sealed.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import { sealedKeyId, type SecretBox } from '../../platform/secret-box';
import { hasPlainSecrets, sealConfiguration } from './processor-secrets';

/**
 * Answers how many rows this call sealed, and which rows hold values sealed with another key (APP_SECRET changed:
 * they cannot be used until an administrator enters the keys again or the right APP_SECRET is back).
 */
export async function sealStoredCredentials(db: Db, box: SecretBox): Promise<{ sealed: number; otherKey: number[] }> {
  const rows = await db.select({ id: paymentProcessors.id, configuration: paymentProcessors.configuration }).from(paymentProcessors);
  let sealed = 0;
  const otherKey = rows
    .filter((r) => Object.values(r.configuration ?? {}).some((v) => sealedKeyId(v) !== null && sealedKeyId(v) !== box.keyId))
    .map((r) => r.id);
  for (const candidate of rows) {
    if (!hasPlainSecrets(candidate.configuration)) continue;
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(paymentProcessors).where(eq(paymentProcessors.id, candidate.id)).for('update');
      if (!row || !hasPlainSecrets(row.configuration)) return false;
      await tx
        .update(paymentProcessors)
        // updatedAt stays: sealing is not a change anyone made, and "latest change wins" reads it.
        .set({ configuration: sealConfiguration(box, row.organizationId, row.configuration), updatedAt: row.updatedAt })
        .where(eq(paymentProcessors.id, row.id));
      return true;
    });
    if (done) sealed++;
  }
  return { sealed, otherKey };
}
