// Payments and everything around taking them: attempts, saved methods, plans, reminders, analytics,
// processors, payment links and webhook replay protection.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, setNullOnly, tenantReference } from './columns';
import { customers } from './customers';
import { organizations, users } from './identity';
import { estimates } from './estimates';
import { invoices } from './invoices';
import { messageTemplates } from './messaging';
import { appointments } from './scheduling';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id'),
    customerId: integer('customer_id'),
    // Copied at recording time so the payment still reads correctly after the invoice or customer is gone,
    // and for payments taken without an invoice.
    invoiceNumber: text('invoice_number'),
    customerName: text('customer_name'),
    amount: money('amount').notNull(),
    method: text('method'),
    reference: text('reference'),
    notes: text('notes'),
    receivedDate: instant('received_date').notNull().defaultNow(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    processor: text('processor'),
    status: text('status').notNull().default('completed'),
    failureReason: text('failure_reason'),
    description: text('description'),
    /**
     * A refund is a row of its own with a negative amount, pointing at the payment it returns money from
     * (docs/rules/money-and-payments.md#refunds): once completed, the triggers on payments take it off the invoice's
     * amount_paid and every sum of payments nets it, with no second ledger to keep in step.
     */
    refundOfPaymentId: integer('refund_of_payment_id'),
    /** On a payment: what its pending and completed refunds return, kept by the refund service under the row's lock. */
    amountRefunded: money('amount_refunded').notNull().default('0'),
    /** The key a refund request carries, so a second click or a retried request returns the first refund. */
    idempotencyKey: text('idempotency_key'),
    /**
     * A deposit on a quote (docs/rules/quote-approval.md#deposits): held against the job with no invoice until the
     * quote becomes one, then carried onto it. Its refunds carry the same estimate.
     */
    estimateId: integer('estimate_id'),
    /** A deposit taken to hold an online booking (docs/rules/scheduling.md#holding-a-booking), held against the customer like a quote's. */
    appointmentId: integer('appointment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('payments_appointment_fk', t.organizationId, t.appointmentId, appointments).onDelete(setNullOnly(t.appointmentId)),
    index('payments_org_appointment_idx').on(t.organizationId, t.appointmentId),
    unique('payments_org_id_key').on(t.organizationId, t.id),
    tenantReference('payments_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete(setNullOnly(t.estimateId)),
    index('payments_org_estimate_idx').on(t.organizationId, t.estimateId),
    tenantReference('payments_refund_of_fk', t.organizationId, t.refundOfPaymentId, t).onDelete('no action'),
    uniqueIndex('payments_org_idempotency_key').on(t.organizationId, t.idempotencyKey),
    index('payments_org_refund_of_idx').on(t.organizationId, t.refundOfPaymentId),
    // Only a refund is negative, and a refund is never positive.
    check('payments_refund_sign_check', sql`(${t.refundOfPaymentId} is null) = (${t.amount} >= 0)`),
    tenantReference('payments_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete(setNullOnly(t.invoiceId)),
    tenantReference('payments_customer_fk', t.organizationId, t.customerId, customers).onDelete(setNullOnly(t.customerId)),
    // A payment intent is recorded once, however often the browser and the webhook report it.
    uniqueIndex('payments_org_intent_key').on(t.organizationId, t.stripePaymentIntentId),
    index('payments_org_received_idx').on(t.organizationId, t.receivedDate),
    // Completed payments by date with their amount and invoice: revenue of a period, and what was paid after an
    // instant, read from the index alone (the dashboard, docs/decisions/022-speed-without-a-cache.md).
    index('payments_org_completed_received_idx')
      .on(t.organizationId, t.receivedDate, t.invoiceId, t.amount)
      .where(sql`${t.status} = 'completed'`),
    index('payments_org_invoice_idx').on(t.organizationId, t.invoiceId),
    index('payments_org_customer_idx').on(t.organizationId, t.customerId),
    index('payments_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Every card/bank attempt, successful or not: the denominator of the payment success rate. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id'),
    intentId: text('intent_id'),
    amount: money('amount').notNull(),
    paymentType: text('payment_type').$type<'card' | 'bank'>().notNull(),
    processor: text('processor').notNull(),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    /** SHA-256 of the client secret handed to the browser: the bearer proof for confirming this attempt. */
    clientSecretHash: text('client_secret_hash'),
    customerId: integer('customer_id'),
    paymentLinkId: integer('payment_link_id'),
    /** A quote's deposit being paid. */
    estimateId: integer('estimate_id'),
    /** An online booking's deposit being paid. */
    appointmentId: integer('appointment_id'),
    customerName: text('customer_name'),
    description: text('description'),
    reference: text('reference'),
    /** Where the attempt started: staff (Process Payment), portal or link. */
    source: text('source').$type<'staff' | 'portal' | 'link' | 'quote' | 'booking'>(),
    paymentId: integer('payment_id'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    tenantReference('payment_attempts_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete(setNullOnly(t.invoiceId)),
    tenantReference('payment_attempts_customer_fk', t.organizationId, t.customerId, customers).onDelete(setNullOnly(t.customerId)),
    tenantReference('payment_attempts_payment_link_fk', t.organizationId, t.paymentLinkId, paymentLinks).onDelete(setNullOnly(t.paymentLinkId)),
    tenantReference('payment_attempts_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete(setNullOnly(t.estimateId)),
    tenantReference('payment_attempts_appointment_fk', t.organizationId, t.appointmentId, appointments).onDelete(setNullOnly(t.appointmentId)),
    tenantReference('payment_attempts_payment_fk', t.organizationId, t.paymentId, payments).onDelete(setNullOnly(t.paymentId)),
    uniqueIndex('payment_attempts_org_idempotency_key').on(t.organizationId, t.idempotencyKey),
    // The browser and the webhook find the attempt by the processor's intent id alone.
    uniqueIndex('payment_attempts_intent_key').on(t.intentId),
    index('payment_attempts_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A card (or bank account) saved with the processor; only the processor's reference and display data are kept. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    processor: text('processor').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique('saved_payment_methods_org_id_key').on(t.organizationId, t.id),
    tenantReference('saved_payment_methods_customer_fk', t.organizationId, t.customerId, customers).onDelete('cascade'),
    index('saved_payment_methods_org_customer_idx').on(t.organizationId, t.customerId),
    uniqueIndex('saved_payment_methods_org_provider_key').on(t.organizationId, t.processor, t.providerMethodId),
  ],
);

export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    totalAmount: money('total_amount').notNull(),
    installments: integer('installments').notNull(),
    frequency: text('frequency').$type<'weekly' | 'every_2_weeks' | 'monthly'>().notNull(),
    status: text('status').$type<'active' | 'completed' | 'cancelled'>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payment_plans_org_id_key').on(t.organizationId, t.id),
    tenantReference('payment_plans_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('cascade'),
    index('payment_plans_org_invoice_idx').on(t.organizationId, t.invoiceId),
  ],
);

export const paymentInstallments = pgTable(
  'payment_installments',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    paymentPlanId: integer('payment_plan_id').notNull(),
    installmentNumber: integer('installment_number').notNull(),
    amount: money('amount').notNull(),
    dueDate: instant('due_date').notNull(),
    paidDate: instant('paid_date'),
    paymentId: integer('payment_id'),
    status: text('status').notNull().default('pending'),
  },
  (t) => [
    tenantReference('payment_installments_payment_plan_fk', t.organizationId, t.paymentPlanId, paymentPlans).onDelete('cascade'),
    tenantReference('payment_installments_payment_fk', t.organizationId, t.paymentId, payments).onDelete(setNullOnly(t.paymentId)),
    uniqueIndex('payment_installments_plan_number_key').on(t.organizationId, t.paymentPlanId, t.installmentNumber),
    index('payment_installments_org_status_due_idx').on(t.organizationId, t.status, t.dueDate),
  ],
);

export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    templateId: integer('template_id'),
    type: text('type').notNull(),
    scheduledAt: instant('scheduled_at').notNull(),
    sentAt: instant('sent_at'),
    status: text('status').notNull().default('scheduled'),
  },
  (t) => [
    tenantReference('payment_reminders_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('cascade'),
    tenantReference('payment_reminders_template_fk', t.organizationId, t.templateId, messageTemplates).onDelete(setNullOnly(t.templateId)),
    index('payment_reminders_org_invoice_idx').on(t.organizationId, t.invoiceId),
    index('payment_reminders_org_status_scheduled_idx').on(t.organizationId, t.status, t.scheduledAt),
  ],
);

/** One row per organization and day. */
export const paymentAnalytics = pgTable(
  'payment_analytics',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    totalPayments: money('total_payments').notNull().default('0'),
    paymentCount: integer('payment_count').notNull().default(0),
    /** Mean days from invoice creation to full payment; null when nothing was paid. */
    avgPaymentTime: numeric('avg_payment_time', { mode: 'string' }),
    overdueCount: integer('overdue_count').notNull().default(0),
    overdueAmount: money('overdue_amount').notNull().default('0'),
  },
  (t) => [uniqueIndex('payment_analytics_org_date_key').on(t.organizationId, t.date)],
);

export type ProcessorFees = Partial<
  Record<'transactionFee' | 'fixedFee' | 'monthlyFee' | 'setupFee', number | string | null>
>;

export const paymentProcessors = pgTable(
  'payment_processors',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** stripe, square or manual. */
    processorType: text('processor_type').notNull(),
    /** Key/value settings, including the secret key: never sent back to the browser unmasked. */
    configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    fees: jsonb('fees').$type<ProcessorFees>().notNull().default(sql`'{}'::jsonb`),
    isActive: boolean('is_active').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(true),
    webhookUrl: text('webhook_url'),
    lastTestDate: instant('last_test_date'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('payment_processors_org_active_idx').on(t.organizationId, t.isActive)],
);

/** A public pay page `/payment/{linkId}`; without an invoice it is the generic link taking any amount. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id'),
    linkId: text('link_id').notNull(),
    /** Null: the payer chooses the amount (generic link). */
    amount: money('amount'),
    description: text('description'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at'),
    clickCount: integer('click_count').notNull().default(0),
    lastClickedAt: instant('last_clicked_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    unique('payment_links_org_id_key').on(t.organizationId, t.id),
    tenantReference('payment_links_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('cascade'),
    // Looked up from the public URL without knowing the organization, so unique across all of them.
    uniqueIndex('payment_links_link_id_key').on(t.linkId),
    index('payment_links_org_created_idx').on(t.organizationId, t.createdAt),
    index('payment_links_org_invoice_idx').on(t.organizationId, t.invoiceId),
  ],
);

/** Webhook event ids already handled, so a replayed or re-delivered event is ignored. Not tenant data. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    processor: text('processor').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [index('processed_webhook_events_received_idx').on(t.receivedAt)],
);

/** A card being saved for a customer (setup intent); confirmed like a payment attempt, by its client secret. */
export const setupAttempts = pgTable(
  'setup_attempts',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    intentId: text('intent_id').notNull(),
    clientSecretHash: text('client_secret_hash').notNull(),
    processor: text('processor').notNull(),
    status: text('status').notNull().default('requires_confirmation'),
    savedMethodId: integer('saved_method_id'),
    /** A card kept on file to hold an online booking (docs/rules/scheduling.md#holding-a-booking). */
    appointmentId: integer('appointment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('setup_attempts_customer_fk', t.organizationId, t.customerId, customers).onDelete('cascade'),
    tenantReference('setup_attempts_saved_method_fk', t.organizationId, t.savedMethodId, savedPaymentMethods).onDelete(setNullOnly(t.savedMethodId)),
    tenantReference('setup_attempts_appointment_fk', t.organizationId, t.appointmentId, appointments).onDelete(setNullOnly(t.appointmentId)),
    uniqueIndex('setup_attempts_intent_key').on(t.intentId), index('setup_attempts_org_customer_idx').on(t.organizationId, t.customerId),
  ],
);

/** A customer's portal link (`/customer-portal?token=...`): only a hash of the token is kept. */
export const portalTokens = pgTable(
  'portal_tokens',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
    /** The staff member who handed the link out (null for links made by the system, e.g. in invoice e-mails). */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the link is revoked; a revoked link never opens the portal again. */
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    tenantReference('portal_tokens_customer_fk', t.organizationId, t.customerId, customers).onDelete('cascade'),
    uniqueIndex('portal_tokens_hash_key').on(t.tokenHash),
    index('portal_tokens_org_customer_idx').on(t.organizationId, t.customerId),
  ],
);
