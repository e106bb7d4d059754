// Work orders created in the range: how many in each status, and the sum behind the average job value.
import { eq, sql, type SQL } from 'drizzle-orm';
import { REPORT_WORK_ORDER_STATUSES, type ReportWorkOrderStatus } from '../../../contracts/reports';
import { toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { workOrders } from '../../db/schema/index';
import { instantInRange, type ReportRange } from './report-range';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

export interface WorkOrderFigures {
  /** Every work order in the range, whatever its status: the denominator of the completion rate. */
  total: number;
  totalCostCents: number;
  byStatus: Record<ReportWorkOrderStatus, number>;
}

export async function workOrderFigures(db: Db, scope: TenantScope, range: ReportRange): Promise<WorkOrderFigures> {
  const counts = Object.fromEntries(
    REPORT_WORK_ORDER_STATUSES.map((s) => [s, sql<number>`(count(*) filter (where ${eq(workOrders.status, s)}))::int`]),
  ) as Record<ReportWorkOrderStatus, SQL<number>>;
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      totalCost: sql<string>`coalesce(sum(${workOrders.totalCost}), 0)::text`,
      ...counts,
    })
    .from(workOrders)
    .where(tenantWhere(scope, workOrders, instantInRange(workOrders.createdAt, range)));
  const byStatus = Object.fromEntries(REPORT_WORK_ORDER_STATUSES.map((s) => [s, Number(r?.[s] ?? 0)])) as Record<ReportWorkOrderStatus, number>;
  return { total: Number(r?.total ?? 0), totalCostCents: toCents(r?.totalCost ?? '0'), byStatus };
}
