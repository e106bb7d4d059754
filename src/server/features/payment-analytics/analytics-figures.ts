// The payment analytics figures: one aggregate query per table (count/sum/avg with FILTER), no rows loaded.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { toCents } from '../../../contracts/money';
import { ANALYTICS_WINDOW_DAYS } from '../../../contracts/payment-analytics';
import { rowsOf, type DbOrTx } from '../../db/client';
import { creditNotes, customers, invoiceLateFees, invoiceReminders, invoices, paymentAttempts, payments } from '../../db/schema/index';
import { at, owedInvoices, sumText } from '../documents/balance-due';
import { DAY_MS, isOverdueBeyondCurrent } from './aging-sql';
import { paidAfterReminder } from '../payment-reminders/paid-after-reminder';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

/** The last 90 days up to now, and the 90 days before them. */
export interface AnalyticsWindows {
  now: Date;
  start: Date;
  previousStart: Date;
}

export function analyticsWindows(now: Date): AnalyticsWindows {
  const span = ANALYTICS_WINDOW_DAYS * DAY_MS;
  return { now, start: new Date(now.getTime() - span), previousStart: new Date(now.getTime() - 2 * span) };
}

const within = (column: PgColumn, from: Date, to: Date) =>
  sql`(${column} > ${at(from)} and ${column} <= ${at(to)})`;

/** Outstanding Balance and Overdue Amount: balances due of owed invoices (documents/balance-due.ts), in one pass. */
export async function owedFigures(db: DbOrTx, scope: TenantScope, now: Date) {
  const owed = owedInvoices(db, scope);
  const overdue = isOverdueBeyondCurrent(owed, now);
  const [r] = await db
    .select({
      outstandingTotal: sumText(sql`sum(${owed.balanceDue})`),
      outstandingCount: sql<number>`count(*)::int`,
      overdueTotal: sumText(sql`sum(${owed.balanceDue}) filter (where ${overdue})`),
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
    })
    .from(owed);
  return {
    outstandingTotal: r?.outstandingTotal ?? '0',
    outstandingCount: Number(r?.outstandingCount ?? 0),
    overdueTotal: r?.overdueTotal ?? '0',
    overdueCount: Number(r?.overdueCount ?? 0),
  };
}

/** Mean days from creation to payment of the invoices paid in each window. */
export async function paymentTimeFigures(db: DbOrTx, scope: TenantScope, w: AnalyticsWindows) {
  const paid = sql`(${invoices.status} = 'paid' and ${invoices.paidDate} is not null)`;
  // Seconds from creation to payment; an invoice dated as paid before it was created counts as 0.
  const seconds = sql`greatest(0, extract(epoch from (${invoices.paidDate} - ${invoices.createdAt})))`;
  const avgDays = (from: Date, to: Date) =>
    sql<number | null>`(avg(${seconds}) filter (where ${paid} and ${within(invoices.paidDate, from, to)}) / 86400)::float8`;
  const [r] = await db
    .select({ days: avgDays(w.start, w.now), previousDays: avgDays(w.previousStart, w.start) })
    .from(invoices)
    .where(tenantWhere(scope, invoices, eq(invoices.status, 'paid')));
  return {
    days: r?.days == null ? null : Number(r.days),
    previousDays: r?.previousDays == null ? null : Number(r.previousDays),
  };
}

/**
 * Attempts started through a public payment link: anyone holding the link, no sign-in. Rows from before `source`
 * was recorded are told apart by their link.
 */
// Never null (a null would drop the row from both counts): coalesce decides by the link when source is missing.
const fromPublicLink = sql`coalesce(${paymentAttempts.source} = 'link', ${paymentAttempts.paymentLinkId} is not null)`;

/**
 * Card and bank attempts with an outcome (succeeded or failed) in each window. The success rate counts those by
 * staff and identified customers (the portal); public link attempts are counted apart (last 90 days), so a run
 * of anonymous declined cards cannot move the rate (docs/public-endpoints.md).
 */
export async function attemptFigures(db: DbOrTx, scope: TenantScope, w: AnalyticsWindows) {
  const succeeded = eq(paymentAttempts.status, 'succeeded');
  const recent = within(paymentAttempts.createdAt, w.start, w.now);
  const earlier = within(paymentAttempts.createdAt, w.previousStart, w.start);
  const identified = sql`not ${fromPublicLink}`;
  const n = (...all: SQL[]) => sql<number>`(count(*) filter (where ${sql.join(all, sql` and `)}))::int`;
  const [r] = await db
    .select({
      succeeded: n(identified, succeeded, recent),
      attempted: n(identified, recent),
      previousSucceeded: n(identified, succeeded, earlier),
      previousAttempted: n(identified, earlier),
      linkSucceeded: n(fromPublicLink, succeeded, recent),
      linkAttempted: n(fromPublicLink, recent),
    })
    .from(paymentAttempts)
    .where(
      tenantWhere(
        scope,
        paymentAttempts,
        inArray(paymentAttempts.paymentType, ['card', 'bank']),
        inArray(paymentAttempts.status, ['succeeded', 'failed']),
        within(paymentAttempts.createdAt, w.previousStart, w.now),
      ),
    );
  return {
    succeeded: Number(r?.succeeded ?? 0),
    attempted: Number(r?.attempted ?? 0),
    previousSucceeded: Number(r?.previousSucceeded ?? 0),
    previousAttempted: Number(r?.previousAttempted ?? 0),
    linkSucceeded: Number(r?.linkSucceeded ?? 0),
    linkAttempted: Number(r?.linkAttempted ?? 0),
  };
}

export async function customerFigures(db: DbOrTx, scope: TenantScope) {
  const n = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const terms = (value: string) => n(eq(customers.paymentTerms, value));
  const [r] = await db
    .select({
      totalCustomers: sql<number>`count(*)::int`,
      autoPay: n(eq(customers.autoPayEnabled, true)),
      portalAccess: n(eq(customers.portalAccessEnabled, true)),
      preferCard: n(eq(customers.preferredPaymentMethod, 'card')),
      preferBank: n(eq(customers.preferredPaymentMethod, 'bank_transfer')),
      net15: terms('net15'),
      net30: terms('net30'),
      net45: terms('net45'),
      net60: terms('net60'),
      due_on_receipt: terms('due_on_receipt'),
    })
    .from(customers)
    .where(tenantWhere(scope, customers));
  const count = (v: number | undefined) => Number(v ?? 0);
  return {
    totalCustomers: count(r?.totalCustomers),
    autoPay: count(r?.autoPay),
    portalAccess: count(r?.portalAccess),
    preferCard: count(r?.preferCard),
    preferBank: count(r?.preferBank),
    paymentTerms: {
      net15: count(r?.net15),
      net30: count(r?.net30),
      net45: count(r?.net45),
      net60: count(r?.net60),
      due_on_receipt: count(r?.due_on_receipt),
    },
  };
}

/** Completed refunds and credit notes of the last 90 days: how many and how much (refunds as a positive total). */
export async function correctionFigures(db: DbOrTx, scope: TenantScope, w: AnalyticsWindows) {
  const refunds = sql`(select count(*)::int as n, coalesce(-sum(${payments.amount}), 0)::text as total from ${payments}
    where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), sql`${payments.refundOfPaymentId} is not null`, within(payments.receivedDate, w.start, w.now))})`;
  const notes = sql`(select count(*)::int as n, coalesce(sum(${creditNotes.total}), 0)::text as total from ${creditNotes}
    where ${tenantWhere(scope, creditNotes, within(creditNotes.createdAt, w.start, w.now))})`;
  const [r] = await rowsOf<{ refund_n: number; refund_total: string; note_n: number; note_total: string }>(
    db,
    sql`select r.n as refund_n, r.total as refund_total, c.n as note_n, c.total as note_total from ${refunds} as r, ${notes} as c`,
  );
  return {
    refunds: { count: Number(r?.refund_n ?? 0), totalCents: toCents(r?.refund_total ?? '0') },
    creditNotes: { count: Number(r?.note_n ?? 0), totalCents: toCents(r?.note_total ?? '0') },
  };
}

/** Deposits held against quotes not yet invoiced: the net of their payments and refunds, and how many quotes hold one. */
export async function depositsHeldFigures(db: DbOrTx, scope: TenantScope) {
  const [r] = await rowsOf<{ n: number; total: string }>(
    db,
    sql`select count(distinct ${payments.estimateId})::int as n, coalesce(sum(${payments.amount}), 0)::text as total from ${payments}
      where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), sql`${payments.estimateId} is not null`, sql`${payments.invoiceId} is null`)}`,
  );
  return { count: Number(r?.n ?? 0), totalCents: toCents(r?.total ?? '0') };
}

/**
 * What reminders collected in the window (docs/rules/money-and-payments.md#payment-reminders): completed payments received
 * after a reminder of their invoice had gone out (automatic or Send Reminders), the invoices they paid, the automatic
 * reminders sent, the late fees added and the auto-pay charges.
 */
export async function reminderResultFigures(db: DbOrTx, scope: TenantScope, w: AnalyticsWindows) {
  const [r] = await rowsOf<{ paid_n: number; paid_total: string; sent_n: number; fee_n: number; fee_total: string; auto_n: number; auto_total: string }>(
    db,
    sql`select
      (select count(distinct ${payments.invoiceId})::int from ${payments} where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), within(payments.receivedDate, w.start, w.now), paidAfterReminder)}) as paid_n,
      (select coalesce(sum(${payments.amount}), 0)::text from ${payments} where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), within(payments.receivedDate, w.start, w.now), paidAfterReminder)}) as paid_total,
      (select count(*)::int from ${invoiceReminders} where ${tenantWhere(scope, invoiceReminders, eq(invoiceReminders.status, 'sent'), within(invoiceReminders.sentAt, w.start, w.now))}) as sent_n,
      (select count(*)::int from ${invoiceLateFees} where ${tenantWhere(scope, invoiceLateFees, within(invoiceLateFees.createdAt, w.start, w.now))}) as fee_n,
      (select coalesce(sum(${invoiceLateFees.amount}), 0)::text from ${invoiceLateFees} where ${tenantWhere(scope, invoiceLateFees, within(invoiceLateFees.createdAt, w.start, w.now))}) as fee_total,
      (select count(*)::int from ${payments} where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), eq(payments.description, 'Auto-pay'), within(payments.receivedDate, w.start, w.now))}) as auto_n,
      (select coalesce(sum(${payments.amount}), 0)::text from ${payments} where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), eq(payments.description, 'Auto-pay'), within(payments.receivedDate, w.start, w.now))}) as auto_total`,
  );
  return {
    collected: { count: Number(r?.paid_n ?? 0), totalCents: toCents(r?.paid_total ?? '0') },
    remindersSent: Number(r?.sent_n ?? 0),
    lateFees: { count: Number(r?.fee_n ?? 0), totalCents: toCents(r?.fee_total ?? '0') },
    autoPay: { count: Number(r?.auto_n ?? 0), totalCents: toCents(r?.auto_total ?? '0') },
  };
}
