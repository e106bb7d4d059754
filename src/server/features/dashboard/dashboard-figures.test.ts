// The dashboard's figures start from the kept organization figures and read only what changed since the comparison
// instant (docs/decisions/023-organization-figures.md). They must equal the figures' definitions worked out over the
// whole history, whatever the data: random organizations of customers, work orders, invoices and payments (statuses,
// over- and partial payments, due dates missing or either side of now, paid dates either side of the comparison
// instant), each compared with the definitions below written directly in SQL.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '../../../contracts/money';
import { permissionsFor } from '../../../contracts/permissions';
import { rowsOf } from '../../db/client';
import { customers, invoices, payments, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dashboardPeriod } from './dashboard-period';
import { getDashboardStats } from './get-dashboard-stats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
/** An instant within ~70 days either side of NOW, so every record may fall before or after the comparison instant. */
const instant = fc.integer({ min: -70, max: 20 }).map((d) => new Date(NOW.getTime() + d * DAY + 3_600_000));
const cents = fc.integer({ min: 1, max: 50_000 }).map((c) => fromCents(c));

const dataset = fc.record({
  customers: fc.array(instant, { minLength: 1, maxLength: 6 }),
  workOrders: fc.array(
    fc.record({ status: fc.constantFrom('scheduled', 'in_progress', 'completed', 'cancelled'), created: instant, completed: fc.option(instant), updated: instant }),
    { maxLength: 8 },
  ),
  invoices: fc.array(
    fc.record({
      status: fc.constantFrom('draft', 'sent', 'overdue', 'paid'),
      total: cents,
      created: instant,
      due: fc.option(instant),
      paid: fc.option(instant),
      updated: instant,
      payments: fc.array(fc.record({ amount: cents, received: instant, status: fc.constantFrom('completed', 'completed', 'failed') }), { maxLength: 3 }),
    }),
    { maxLength: 10 },
  ),
});

/** The figures as defined over the whole history (what the dashboard computed before the kept figures). */
async function defined(organizationId: number) {
  const p = dashboardPeriod(NOW);
  const then = p.comparedTo.toISOString();
  const [r] = await rowsOf<Record<string, string | number>>(
    t.database.db,
    sql`with pa as (
          select invoice_id, sum(amount) as paid from payments
          where organization_id = ${organizationId} and status = 'completed' and invoice_id is not null and received_date > ${then}::timestamptz
          group by invoice_id
        ), inv as (
          select i.*, coalesce(pa.paid, 0) as pa from invoices i left join pa on pa.invoice_id = i.id where i.organization_id = ${organizationId}
        )
        select
          (select count(*)::int from work_orders where organization_id = ${organizationId} and status in ('scheduled', 'in_progress')) as active,
          (select count(*)::int from work_orders where organization_id = ${organizationId} and (
            (status in ('scheduled', 'in_progress') and created_at <= ${then}::timestamptz)
            or (status in ('completed', 'cancelled') and coalesce(completed_date, updated_at) > ${then}::timestamptz and created_at <= ${then}::timestamptz))) as active_then,
          (select count(*)::int from customers where organization_id = ${organizationId}) as customers,
          (select count(*)::int from customers where organization_id = ${organizationId} and created_at >= ${p.monthStart.toISOString()}::timestamptz) as new_this,
          (select count(*)::int from customers where organization_id = ${organizationId}
            and created_at >= ${p.prevMonthStart.toISOString()}::timestamptz and created_at <= ${then}::timestamptz) as new_last,
          (select coalesce(sum(total - amount_paid), 0)::text from inv where status in ('sent', 'overdue') and total > amount_paid) as owed,
          (select count(*)::int from inv where status in ('sent', 'overdue') and total > amount_paid) as owed_count,
          (select count(*)::int from inv where status in ('sent', 'overdue') and total > amount_paid
            and (status = 'overdue' or due_date < ${NOW.toISOString()}::timestamptz)) as overdue,
          (select coalesce(sum(greatest(total - (amount_paid - pa), 0)), 0)::text from inv where created_at <= ${then}::timestamptz and (
            status in ('sent', 'overdue') or (status = 'paid' and coalesce(paid_date, updated_at) > ${then}::timestamptz))) as owed_then`,
  );
  return r!;
}

describe('dashboard figures against their definitions', () => {
  it('equal the definitions over the whole history for any data', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, async (data) => {
        const org = await t.createOrganization();
        const db = t.database.db;
        const cs = await db
          .insert(customers)
          .values(data.customers.map((created, i) => ({ organizationId: org.id, name: `C${i}`, createdAt: created })))
          .returning();
        const customerId = cs[0]!.id;
        if (data.workOrders.length)
          await db.insert(workOrders).values(
            data.workOrders.map((w, i) => ({
              organizationId: org.id,
              customerId,
              orderNumber: `WO-${i}`,
              title: 'Job',
              status: w.status,
              createdAt: w.created,
              completedDate: w.completed,
              updatedAt: w.updated,
            })),
          );
        for (const [i, inv] of data.invoices.entries()) {
          const [row] = await db
            .insert(invoices)
            .values({
              organizationId: org.id,
              customerId,
              invoiceNumber: `INV-${i}`,
              status: inv.status,
              total: inv.total,
              createdAt: inv.created,
              dueDate: inv.due,
              paidDate: inv.paid,
            })
            .returning();
          if (inv.payments.length)
            await db.insert(payments).values(
              inv.payments.map((p) => ({ organizationId: org.id, invoiceId: row!.id, amount: p.amount, receivedDate: p.received, status: p.status })),
            );
          // Last, as an invoice's later edits leave it (the payments' triggers touch amount_paid, not updated_at).
          await db.update(invoices).set({ updatedAt: inv.updated }).where(sql`${invoices.id} = ${row!.id}`);
        }
        const ctx = { organizationId: org.id, isSuperUser: false, permissions: permissionsFor('org_admin') } as unknown as RequestContext;
        const stats = await getDashboardStats(db, ctx, {}, NOW);
        const d = await defined(org.id);
        assert(stats.financials);
        expect({
          active: stats.activeWorkOrders,
          activeThen: stats.growth.activeWorkOrders.previous,
          customers: stats.totalCustomers,
          newThis: stats.growth.newCustomers.thisMonth,
          newLast: stats.growth.newCustomers.lastMonth,
          owed: stats.pendingInvoices.total,
          owedCount: stats.pendingInvoices.invoiceCount,
          overdue: stats.pendingInvoices.count,
          owedThen: stats.growth.pendingInvoices.previous,
        }).toEqual({
          active: d.active,
          activeThen: d.active_then,
          customers: d.customers,
          newThis: d.new_this,
          newLast: d.new_last,
          owed: Number(d.owed).toFixed(2),
          owedCount: d.owed_count,
          overdue: d.overdue,
          owedThen: Number(d.owed_then).toFixed(2),
        });
      }),
      { numRuns: 40 },
    );
  });
});
