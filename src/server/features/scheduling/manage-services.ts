// Services offered for booking: list, add, change, remove (scoped to the caller's organization).
import { asc, eq } from 'drizzle-orm';
import { SCHEDULING_DEFAULTS, type CreateServiceBody, type Service, type UpdateServiceBody } from '../../../contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { organizationForWrite, scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';
import { ensureOrganization } from './organization-scope';

export function toServiceResponse(row: typeof services.$inferSelect): Service {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    duration: row.duration,
    price: row.price,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listServices(db: DbOrTx, ctx: RequestContext, organizationId?: number): Promise<Service[]> {
  const rows = await db
    .select()
    .from(services)
    .where(scopeFilter(tenantScope(ctx, organizationId), services.organizationId))
    .orderBy(asc(services.name), asc(services.id));
  return rows.map(toServiceResponse);
}

export async function createService(db: DbOrTx, ctx: RequestContext, body: CreateServiceBody): Promise<Service> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  await ensureOrganization(db, ctx, organizationId);
  const [row] = await db
    .insert(services)
    .values({
      organizationId,
      name: body.name,
      description: body.description ?? null,
      duration: body.duration ?? SCHEDULING_DEFAULTS.serviceDuration,
      price: body.price ?? SCHEDULING_DEFAULTS.servicePrice,
      isActive: body.isActive ?? true,
    })
    .returning();
  return toServiceResponse(row);
}

export async function updateService(db: DbOrTx, ctx: RequestContext, id: number, body: UpdateServiceBody): Promise<Service> {
  // A service never moves between organizations.
  const { organizationId: _ignored, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof services.$inferInsert>;
  const scope = tenantWhere(tenantScope(ctx), services, eq(services.id, id));
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(services).set(changes).where(scope).returning()
      : await db.select().from(services).where(scope).limit(1);
  if (!row) throw notFound('Service not found');
  return toServiceResponse(row);
}

/** Past appointments keep their own copy of the customer and time; their service link becomes empty. */
export async function deleteService(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const rows = await db
    .delete(services)
    .where(tenantWhere(tenantScope(ctx), services, eq(services.id, id)))
    .returning({ id: services.id });
  if (rows.length === 0) throw notFound('Service not found');
}
