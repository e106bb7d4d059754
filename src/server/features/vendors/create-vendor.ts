// A new vendor in the caller's organization (a super user's chosen one).
import { eq } from 'drizzle-orm';
import type { CreateVendorBody, Vendor } from '../../../contracts/vendors';
import type { Db } from '../../db/client';
import { organizations, vendors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { toVendorResponse } from './vendor-response';

export async function createVendor(db: Db, ctx: RequestContext, body: CreateVendorBody): Promise<Vendor> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  if (ctx.isSuperUser) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
    if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
  }
  const [row] = await db
    .insert(vendors)
    .values({
      organizationId,
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      companyName: body.companyName ?? null,
      taxId: body.taxId ?? null,
      paymentTerms: body.paymentTerms ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  return toVendorResponse(row);
}
