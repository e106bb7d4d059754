// Recurring invoices: the schedules staff keep (docs/rules/money-and-payments.md#recurring-invoices).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { fromCents } from '../../../contracts/money';
import {
  periodDate,
  type CreateRecurringInvoice,
  type RecurringInvoice,
  type UpdateRecurringInvoice,
} from '../../../contracts/recurring-invoices';
import type { Db, DbOrTx } from '../../db/client';
import { wallClockAt } from '../../platform/wall-clock';
import { organizationTimeZone } from '../payment-reminders/reminder-settings';
import { customers, invoices, recurringInvoices, savedPaymentMethods, type RecurringLine } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { page } from '../../platform/lists';
import { descending, orderOf, sortKeys, tableReader, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';
import { checkWorkOrderRef, customerInOrganization, organizationAndCustomer } from '../documents/document-rules';
import { priceInput } from '../documents/document-pricing';

type Row = typeof recurringInvoices.$inferSelect;

const SORTABLE = {
  title: recurringInvoices.title,
  nextDate: recurringInvoices.nextDate,
  status: recurringInvoices.status,
  createdAt: recurringInvoices.createdAt,
};

const linesOf = (input: CreateRecurringInvoice['lineItems']): RecurringLine[] =>
  input.map((l) => ({
    description: l.description,
    quantity: l.quantity ?? '1.00',
    rate: l.rate ?? '0.00',
    discountType: l.discountType ?? null,
    discountValue: l.discountType ? (l.discountValue ?? null) : null,
    taxRateIds: [...new Set(l.taxRateIds ?? [])],
  }));

type ScheduleInput = Pick<CreateRecurringInvoice, 'frequency' | 'interval' | 'startDate' | 'endDate' | 'maxCount'>;

const scheduleOf = (input: ScheduleInput) => ({
  frequency: input.frequency,
  interval: input.interval,
  startDate: input.startDate,
  endDate: input.endDate ?? null,
  maxCount: input.maxCount ?? null,
});

/** What a create and an update both store: the customer's lines, discount, schedule, due days and sending. */
const storedValues = (input: CreateRecurringInvoice, customerId: number) => ({
  customerId,
  workOrderId: input.workOrderId ?? null,
  title: input.title,
  notes: input.notes ?? null,
  lineItems: linesOf(input.lineItems),
  discountType: input.discountType ?? null,
  discountValue: input.discountType ? (input.discountValue ?? null) : null,
  ...scheduleOf(input),
  dueDays: input.dueDays,
  sendEmail: input.sendEmail,
});

/**
 * The first period on or after `day`: where a schedule whose dates changed starts again, so an edit never bills the
 * periods of the new dates that are already past.
 */
export function firstPeriodFrom(s: Pick<Row, 'frequency' | 'interval' | 'startDate'>, day: string): number {
  let k = 0;
  while (periodDate(s, k) < day && k < 100_000) k++;
  return k;
}

/** The next period still to bill, or null when the schedule has run out (end date or count). */
export function nextPeriod(s: Pick<Row, 'frequency' | 'interval' | 'startDate' | 'endDate' | 'maxCount'>, generated: number): string | null {
  if (s.maxCount !== null && generated >= s.maxCount) return null;
  const next = periodDate(s, generated);
  return s.endDate && next > s.endDate ? null : next;
}

async function toResponse(db: DbOrTx, rows: Row[]): Promise<RecurringInvoice[]> {
  if (rows.length === 0) return [];
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const ids = rows.map((r) => r.id);
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const [people, cards, made] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, autoPay: customers.autoPayEnabled })
      .from(customers)
      .where(and(inArray(customers.organizationId, orgIds), inArray(customers.id, customerIds))),
    db
      .select({ customerId: savedPaymentMethods.customerId, n: count() })
      .from(savedPaymentMethods)
      .where(and(inArray(savedPaymentMethods.organizationId, orgIds), inArray(savedPaymentMethods.customerId, customerIds)))
      .groupBy(savedPaymentMethods.customerId),
    db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, date: invoices.recurringDate, status: invoices.status, total: invoices.total, rid: invoices.recurringInvoiceId })
      .from(invoices)
      .where(and(inArray(invoices.organizationId, orgIds), inArray(invoices.recurringInvoiceId, ids)))
      .orderBy(desc(invoices.recurringDate)),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const hasCard = new Set(cards.filter((c) => c.n > 0).map((c) => c.customerId));
  const out: RecurringInvoice[] = [];
  for (const r of rows) {
    // Each period's total as priced now, with the organization's current rates and settings.
    const priced = await priceInput(db, r.organizationId, r.customerId, { lineItems: r.lineItems, discountType: r.discountType, discountValue: r.discountValue });
    out.push({
      id: r.id,
      organizationId: r.organizationId,
      customerId: r.customerId,
      customerName: person.get(r.customerId)?.name ?? null,
      autoPay: person.get(r.customerId)?.autoPay === true && hasCard.has(r.customerId),
      workOrderId: r.workOrderId,
      title: r.title,
      notes: r.notes,
      lineItems: r.lineItems,
      discountType: r.discountType,
      discountValue: r.discountValue,
      frequency: r.frequency,
      interval: r.interval,
      startDate: r.startDate,
      endDate: r.endDate,
      maxCount: r.maxCount,
      dueDays: r.dueDays,
      sendEmail: r.sendEmail,
      status: r.status,
      nextDate: r.status === 'ended' ? null : r.nextDate,
      generatedCount: r.generatedCount,
      total: fromCents(priced.document.totalCents),
      invoices: made
        .filter((m) => m.rid === r.id)
        .slice(0, 24)
        .map((m) => ({ id: m.id, invoiceNumber: m.invoiceNumber, date: m.date ?? '', status: m.status, total: m.total })),
      createdAt: r.createdAt.toISOString(),
    });
  }
  return out;
}

export async function getRecurringInvoice(db: DbOrTx, ctx: RequestContext, id: number): Promise<RecurringInvoice> {
  const [row] = await db.select().from(recurringInvoices).where(tenantWhere(tenantScope(ctx), recurringInvoices, eq(recurringInvoices.id, id)));
  if (!row) throw notFound('Recurring invoice not found');
  return (await toResponse(db, [row]))[0];
}

type RecurringListQuery = { limit?: number; offset?: number; sort?: string; customerId?: number; organizationId?: number };

const NEWEST_FIRST = [descending(recurringInvoices.createdAt), descending(recurringInvoices.id)];

const recurringWhere = (ctx: RequestContext, query: RecurringListQuery) =>
  and(scopeFilter(tenantScope(ctx, query.organizationId), recurringInvoices.organizationId), query.customerId ? eq(recurringInvoices.customerId, query.customerId) : undefined);

/** The list's rows batch by batch in its order, with its filter: its export (docs/rules/data-exchange.md#list-exports). */
export function recurringInvoiceBatches(db: DbOrTx, ctx: RequestContext, query: RecurringListQuery): BatchReader<RecurringInvoice> {
  return tableReader(db, recurringInvoices, recurringWhere(ctx, query), sortKeys(query, SORTABLE, NEWEST_FIRST), (rows) => toResponse(db, rows));
}

export async function listRecurringInvoices(db: Db, ctx: RequestContext, query: RecurringListQuery): Promise<{ items: RecurringInvoice[]; total: number }> {
  const where = recurringWhere(ctx, query);
  const { limit, offset } = page(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(recurringInvoices)
      .where(where)
      .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(recurringInvoices).where(where),
  ]);
  return { items: await toResponse(db, rows), total };
}

export async function createRecurringInvoice(db: Db, ctx: RequestContext, input: CreateRecurringInvoice): Promise<RecurringInvoice> {
  const id = await db.transaction(async (tx) => {
    const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
    if (input.workOrderId) await checkWorkOrderRef(tx, organizationId, customer.id, input.workOrderId);
    // Priced once now to check the lines and their rates (400 on a line naming another organization's rate).
    await priceInput(tx, organizationId, customer.id, input);
    const next = nextPeriod(scheduleOf(input), 0);
    const [row] = await tx
      .insert(recurringInvoices)
      .values({ organizationId, ...storedValues(input, customer.id), status: next ? 'active' : 'ended', nextDate: next })
      .returning({ id: recurringInvoices.id });
    return row.id;
  });
  return getRecurringInvoice(db, ctx, id);
}

/** The schedule changes from its next period on; periods already billed keep their invoices. */
export async function updateRecurringInvoice(db: Db, ctx: RequestContext, id: number, input: UpdateRecurringInvoice): Promise<RecurringInvoice> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(recurringInvoices).where(tenantWhere(tenantScope(ctx), recurringInvoices, eq(recurringInvoices.id, id))).for('update');
    if (!current) throw notFound('Recurring invoice not found');
    const organizationId = current.organizationId;
    const customer = await customerInOrganization(tx, organizationId, input.customerId);
    if (input.workOrderId) await checkWorkOrderRef(tx, organizationId, customer.id, input.workOrderId);
    await priceInput(tx, organizationId, customer.id, input);
    const schedule = scheduleOf(input);
    // New dates count periods again from the first one not yet past (in the organization's zone): an edit never bills
    // the past; a date billed before is skipped by the job (generate-recurring-invoices.ts).
    const restarted = schedule.startDate !== current.startDate || schedule.frequency !== current.frequency || schedule.interval !== current.interval;
    const today = wallClockAt(new Date(), await organizationTimeZone(tx, organizationId)).slice(0, 10);
    const generated = restarted ? firstPeriodFrom(schedule, today) : current.generatedCount;
    const next = nextPeriod(schedule, generated);
    const status = next === null ? 'ended' : (input.status ?? (current.status === 'ended' ? 'active' : current.status));
    await tx
      .update(recurringInvoices)
      .set({ ...storedValues(input, customer.id), generatedCount: generated, nextDate: next, status })
      .where(and(eq(recurringInvoices.organizationId, organizationId), eq(recurringInvoices.id, id)));
  });
  return getRecurringInvoice(db, ctx, id);
}

export async function deleteRecurringInvoice(db: Db, ctx: RequestContext, id: number): Promise<void> {
  const deleted = await db.delete(recurringInvoices).where(tenantWhere(tenantScope(ctx), recurringInvoices, eq(recurringInvoices.id, id))).returning({ id: recurringInvoices.id });
  if (deleted.length === 0) throw notFound('Recurring invoice not found');
}
