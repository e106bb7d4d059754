// The portal customer's auto-pay switch (docs/rules/money-and-payments.md#auto-pay): on only with a saved card, since
// auto-pay charges that card when an invoice is issued; off at any time.
import { and, count, eq } from 'drizzle-orm';
import { AUTO_PAY_NEEDS_CARD } from '../../../contracts/customer-portal';
import type { Db } from '../../db/client';
import { customers, savedPaymentMethods } from '../../db/schema/index';
import { conflict } from '../../platform/errors';
import type { CustomerRow } from './resolve-portal-customer';

export async function setAutoPay(db: Db, customer: CustomerRow, enabled: boolean): Promise<{ autoPayEnabled: boolean }> {
  return db.transaction(async (tx) => {
    if (enabled) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.organizationId, customer.organizationId), eq(savedPaymentMethods.customerId, customer.id)));
      if (n === 0) throw conflict(AUTO_PAY_NEEDS_CARD);
    }
    await tx
      .update(customers)
      .set({ autoPayEnabled: enabled })
      .where(and(eq(customers.organizationId, customer.organizationId), eq(customers.id, customer.id)));
    return { autoPayEnabled: enabled };
  });
}
