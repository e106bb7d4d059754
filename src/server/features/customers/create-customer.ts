// A new customer in the caller's organization (a super user's chosen one).
import { eq } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERMS, type CreateCustomerBody, type Customer } from '../../../contracts/customers';
import type { Db } from '../../db/client';
import { customers, organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { toCustomerResponse } from './customer-response';
import { emitWebhookEvent } from '../webhooks/emit-event';

export async function createCustomer(db: Db, ctx: RequestContext, body: CreateCustomerBody): Promise<Customer> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  if (ctx.isSuperUser) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
    if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
  }
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(customers)
      .values({
        organizationId,
        name: body.name,
        email: body.email ?? null,
        phone: body.phone ?? null,
        address: body.address ?? null,
        city: body.city ?? null,
        state: body.state ?? null,
        zip: body.zip ?? null,
        companyName: body.companyName ?? null,
        notes: body.notes ?? null,
        creditLimit: body.creditLimit ?? null,
        paymentTerms: body.paymentTerms ?? DEFAULT_PAYMENT_TERMS,
        preferredPaymentMethod: body.preferredPaymentMethod ?? null,
        portalAccessEnabled: body.portalAccessEnabled ?? true,
        autoPayEnabled: body.autoPayEnabled ?? false,
        taxExempt: body.taxExempt ?? false,
      })
      .returning();
    await emitWebhookEvent(tx, organizationId, 'customer.created', inserted.id);
    return inserted;
  });
  return toCustomerResponse(row);
}
