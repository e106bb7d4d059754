// Whether a customer's phone answered STOP (docs/rules/messaging.md#sms-opt-outs), for the customer's screens.
import { eq } from 'drizzle-orm';
import type { CustomerSmsOptOut } from '../../../contracts/conversations';
import { toE164 } from '../../adapters/sms/e164';
import type { DbOrTx } from '../../db/client';
import { smsOptOuts } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { findCustomerRow } from '../customers/get-customer';

export async function getCustomerSmsOptOut(db: DbOrTx, ctx: RequestContext, customerId: number): Promise<CustomerSmsOptOut> {
  const customer = await findCustomerRow(db, ctx, customerId);
  const phone = toE164(customer.phone);
  if (!phone) return { phone: null, optedOut: false, optedOutAt: null };
  const [row] = await db.select({ at: smsOptOuts.optedOutAt }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).limit(1);
  return { phone, optedOut: row !== undefined, optedOutAt: row?.at.toISOString() ?? null };
}
