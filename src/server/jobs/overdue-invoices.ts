// Tells the people who handle billing when an invoice passes its due date unpaid (the bell: docs/rules/messaging.md#notifications).
import { and, desc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { formatMoney } from '../../contracts/money';
import type { Db } from '../db/client';
import { customers, invoices, notifications } from '../db/schema/index';
import { notifyStaff, staffWith } from '../features/notifications/notify-staff';

/** Bounds one run's work; the next run (every 15 minutes) picks up the rest. */
const BATCH = 1000;

/** Every unpaid invoice past its due date that has not been announced yet, newest due date first. */
export async function notifyOverdueInvoices(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({
      id: invoices.id,
      organizationId: invoices.organizationId,
      number: invoices.invoiceNumber,
      total: invoices.total,
      customerName: customers.name,
    })
    .from(invoices)
    .leftJoin(customers, sql`${customers.id} = ${invoices.customerId}`)
    .where(
      and(
        inArray(invoices.status, ['sent', 'overdue']),
        isNotNull(invoices.dueDate),
        lt(invoices.dueDate, now),
        sql`not exists (select 1 from ${notifications} n where n.organization_id = ${invoices.organizationId} and n.type = 'invoice_overdue' and n.entity_type = 'invoice' and n.entity_id = ${invoices.id})`,
      ),
    )
    .orderBy(desc(invoices.dueDate))
    .limit(BATCH);
  const byOrg = new Map<number, typeof due>();
  for (const inv of due) byOrg.set(inv.organizationId, [...(byOrg.get(inv.organizationId) ?? []), inv]);
  let created = 0;
  for (const [organizationId, list] of byOrg) {
    const recipients = await staffWith(db, organizationId, ['view_financials', 'manage_invoices']);
    created += await notifyStaff(
      db,
      recipients,
      list.map((inv) => ({
        organizationId,
        type: 'invoice_overdue' as const,
        title: `Invoice ${inv.number} is overdue`,
        body: `${inv.customerName ?? 'A customer'} owes ${formatMoney(inv.total)}`,
        link: `/invoices?open=${inv.id}`,
        entityType: 'invoice',
        entityId: inv.id,
      })),
    );
  }
  return created;
}
