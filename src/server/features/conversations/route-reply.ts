// Whose reply is it (docs/rules/messaging.md#conversations)? The installation texts from one number, so a reply says
// only who wrote: it belongs to the organization that last texted that number, else to the one organization with a
// customer of that number; with neither (or several such organizations) nobody's.
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, outbox } from '../../db/schema/index';

/** The ten digits customers are stored with (contracts/customers.ts), for a US/Canada number in E.164; else null. */
export function customerDigits(e164: string): string | null {
  const m = /^\+1(\d{10})$/.exec(e164);
  return m ? m[1] : null;
}

export async function organizationForReply(db: DbOrTx, phone: string): Promise<number | null> {
  // A text refused for an opt-out never reached the number, so it does not make the organization its last sender.
  const [last] = await db
    .select({ organizationId: outbox.organizationId })
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, phone), isNotNull(outbox.organizationId), ne(outbox.status, 'opted_out')))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  if (last?.organizationId) return last.organizationId;

  const digits = customerDigits(phone);
  if (!digits) return null;
  const owners = await db
    .selectDistinct({ organizationId: customers.organizationId })
    .from(customers)
    .where(eq(customers.phone, digits))
    .orderBy(sql`1`)
    .limit(2);
  return owners.length === 1 ? owners[0].organizationId : null;
}

/** The organization's customer with the number: the most recently updated when several share it. */
export async function customerForPhone(db: DbOrTx, organizationId: number, phone: string): Promise<{ id: number; name: string } | null> {
  const digits = customerDigits(phone);
  if (!digits) return null;
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.phone, digits)))
    .orderBy(desc(customers.updatedAt), desc(customers.id))
    .limit(1);
  return row ?? null;
}
