// "What reminders collected" (docs/rules/money-and-payments.md#payment-reminders): a payment received after a reminder of
// its invoice went out, automatic or Send Reminders. One condition on `payments`, for Payment Analytics and the report.
import { sql } from 'drizzle-orm';
import { invoiceReminders, paymentReminders, payments } from '../../db/schema/index';

export const paidAfterReminder = sql`(exists (select 1 from ${invoiceReminders} r where r.organization_id = ${payments.organizationId}
    and r.invoice_id = ${payments.invoiceId} and r.status = 'sent' and r.sent_at <= ${payments.receivedDate})
  or exists (select 1 from ${paymentReminders} m where m.organization_id = ${payments.organizationId}
    and m.invoice_id = ${payments.invoiceId} and m.status = 'sent' and m.sent_at <= ${payments.receivedDate}))`;
