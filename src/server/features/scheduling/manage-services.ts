// Services offered for booking: list, add, change, remove (scoped to the caller's organization), with who may
// perform each one (docs/rules/team.md#who-performs-a-service) and the checklists it brings to its jobs
// (docs/rules/team.md#checklists).
import { and, asc, eq, sql } from 'drizzle-orm';
import { SCHEDULING_DEFAULTS, type CreateServiceBody, type Service, type UpdateServiceBody } from '../../../contracts/scheduling';
import type { Db, DbOrTx } from '../../db/client';
import { servicePerformers, services } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { organizationForWrite, scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';
import { checkStaff } from '../team/staff';
import { ensureOrganization } from './organization-scope';
import { serviceTemplateIdsSql, setServiceTemplates } from '../checklists/service-checklists';

const performerIdsSql = sql<number[]>`coalesce((select json_agg(${servicePerformers.userId} order by ${servicePerformers.userId}) from ${servicePerformers}
  where ${servicePerformers.organizationId} = ${services.organizationId} and ${servicePerformers.serviceId} = ${services.id}), '[]'::json)`;

type ServiceRow = typeof services.$inferSelect & { performerIds: number[]; checklistTemplateIds: number[] };

export function toServiceResponse(row: ServiceRow): Service {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    duration: row.duration,
    price: row.price,
    isActive: row.isActive,
    bufferBefore: row.bufferBefore,
    bufferAfter: row.bufferAfter,
    performerIds: row.performerIds,
    checklistTemplateIds: row.checklistTemplateIds,
    createdAt: row.createdAt.toISOString(),
  };
}

async function selectServices(db: DbOrTx, where: ReturnType<typeof scopeFilter>): Promise<Service[]> {
  const rows = await db
    .select({ service: services, performerIds: performerIdsSql, checklistTemplateIds: serviceTemplateIdsSql() })
    .from(services)
    .where(where)
    .orderBy(asc(services.name), asc(services.id));
  return rows.map((r) => toServiceResponse({ ...r.service, performerIds: r.performerIds, checklistTemplateIds: r.checklistTemplateIds }));
}

export async function listServices(db: DbOrTx, ctx: RequestContext, organizationId?: number): Promise<Service[]> {
  return selectServices(db, scopeFilter(tenantScope(ctx, organizationId), services.organizationId));
}

async function setPerformers(db: DbOrTx, organizationId: number, serviceId: number, userIds: readonly number[]): Promise<void> {
  await checkStaff(db, organizationId, userIds, 'performerIds');
  await db.delete(servicePerformers).where(and(eq(servicePerformers.organizationId, organizationId), eq(servicePerformers.serviceId, serviceId)));
  if (userIds.length) await db.insert(servicePerformers).values(userIds.map((userId) => ({ organizationId, serviceId, userId })));
}

export async function createService(db: Db, ctx: RequestContext, body: CreateServiceBody): Promise<Service> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  await ensureOrganization(db, ctx, organizationId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values({
        organizationId,
        name: body.name,
        description: body.description ?? null,
        duration: body.duration ?? SCHEDULING_DEFAULTS.serviceDuration,
        price: body.price ?? SCHEDULING_DEFAULTS.servicePrice,
        isActive: body.isActive ?? true,
        bufferBefore: body.bufferBefore ?? 0,
        bufferAfter: body.bufferAfter ?? 0,
      })
      .returning({ id: services.id });
    if (body.performerIds) await setPerformers(tx, organizationId, row.id, body.performerIds);
    if (body.checklistTemplateIds) await setServiceTemplates(tx, organizationId, row.id, body.checklistTemplateIds);
    return row.id;
  });
  const [view] = await selectServices(db, eq(services.id, id));
  return view;
}

export async function updateService(db: Db, ctx: RequestContext, id: number, body: UpdateServiceBody): Promise<Service> {
  // A service never moves between organizations.
  const { organizationId: _ignored, performerIds, checklistTemplateIds, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof services.$inferInsert>;
  const scope = tenantWhere(tenantScope(ctx), services, eq(services.id, id));
  const found = await db.transaction(async (tx) => {
    const [row] =
      Object.keys(changes).length > 0
        ? await tx.update(services).set(changes).where(scope).returning({ id: services.id, organizationId: services.organizationId })
        : await tx.select({ id: services.id, organizationId: services.organizationId }).from(services).where(scope).for('update').limit(1);
    if (!row) throw notFound('Service not found');
    if (performerIds) await setPerformers(tx, row.organizationId, row.id, performerIds);
    if (checklistTemplateIds) await setServiceTemplates(tx, row.organizationId, row.id, checklistTemplateIds);
    return row;
  });
  const [view] = await selectServices(db, eq(services.id, found.id));
  return view;
}

/** Past appointments keep their own copy of the customer and time; their service link becomes empty. */
export async function deleteService(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const rows = await db
    .delete(services)
    .where(tenantWhere(tenantScope(ctx), services, eq(services.id, id)))
    .returning({ id: services.id });
  if (rows.length === 0) throw notFound('Service not found');
}
