// "Populate from Work Orders": one service per distinct work order title, only for an organization without services.
import { count, desc, eq, sql } from 'drizzle-orm';
import { SCHEDULING_DEFAULTS } from '../../../contracts/scheduling';
import type { Db } from '../../db/client';
import { organizations, services, workOrders } from '../../db/schema/index';
import { toCents } from '../../../contracts/money';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { ensureOrganization } from './organization-scope';

const MAX_SERVICES = 200;

export async function migrateWorkOrders(db: Db, ctx: RequestContext, requested?: number | null): Promise<{ servicesCreated: number; appointmentsCreated: number }> {
  const organizationId = organizationForWrite(ctx, requested);
  await ensureOrganization(db, ctx, organizationId);
  return db.transaction(async (tx) => {
    // Two clicks at once must not both populate: the organization row lock orders them.
    await tx.execute(sqlLock(organizationId));
    const [{ n }] = await tx.select({ n: count() }).from(services).where(eq(services.organizationId, organizationId));
    if (Number(n) > 0) return { servicesCreated: 0, appointmentsCreated: 0 };
    const rows = await tx
      .select({ title: workOrders.title, totalCost: workOrders.totalCost })
      .from(workOrders)
      .where(eq(workOrders.organizationId, organizationId))
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(5000);
    // The newest work order of a title sets its spelling and price.
    const byTitle = new Map<string, { name: string; price: string }>();
    for (const r of rows) {
      const name = r.title.trim().replace(/\s+/g, ' ').slice(0, 200);
      const key = name.toLowerCase();
      if (name && !byTitle.has(key)) byTitle.set(key, { name, price: r.totalCost ?? SCHEDULING_DEFAULTS.servicePrice });
    }
    const values = [...byTitle.values()].slice(0, MAX_SERVICES).map((s) => ({
      organizationId,
      name: s.name,
      duration: SCHEDULING_DEFAULTS.serviceDuration,
      price: toCents(s.price) >= 0 ? s.price : SCHEDULING_DEFAULTS.servicePrice,
    }));
    if (values.length > 0) await tx.insert(services).values(values);
    // Work orders carry no appointment time to copy, so no appointments are made from them.
    return { servicesCreated: values.length, appointmentsCreated: 0 };
  });
}

function sqlLock(organizationId: number) {
  return sql`select 1 from ${organizations} where ${organizations.id} = ${organizationId} for update`;
}
