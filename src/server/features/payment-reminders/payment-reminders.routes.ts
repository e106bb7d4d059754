// Automatic payment reminders: settings and each invoice's timeline (docs/rules/money-and-payments.md#payment-reminders).
import { organizationQuerySchema } from '../../../contracts/lists';
import { idParamsSchema } from '../../../contracts/line-items';
import { invoiceReminderTimelineSchema, paymentReminderSettingsInputSchema, paymentReminderSettingsSchema } from '../../../contracts/payment-reminders';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { getReminderTimeline } from './reminder-timeline';
import { getPaymentReminderSettings, savePaymentReminderSettings } from './reminder-settings';

const tags = ['payment-reminders'];
const READ = ['manage_organization', 'view_financials', 'manage_invoices', 'create_invoices'] as const;

export function paymentRemindersRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/payment-reminders/settings', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags,
      summary: "The organization's payment reminder schedule, texts, quiet hours and late fee (our defaults until saved; off by default)",
      querystring: organizationQuerySchema,
      response: { 200: paymentReminderSettingsSchema },
    },
    handler: async (req) => getPaymentReminderSettings(db, requireCtx(req), req.query.organizationId),
  });

  app.put('/api/payment-reminders/settings', {
    config: { access: access.require('manage_organization', { tenant: true }) },
    schema: {
      tags,
      summary: 'Save the payment reminder settings (the whole object): steps by days from the due date, e-mail and/or SMS each, templates, quiet hours, late fee',
      querystring: organizationQuerySchema,
      body: paymentReminderSettingsInputSchema,
      response: { 200: paymentReminderSettingsSchema },
    },
    handler: async (req) => savePaymentReminderSettings(db, requireCtx(req), req.body, req.query.organizationId),
  });

  app.get('/api/invoices/:id/reminders', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags,
      summary: "The invoice's payment reminders (sent, failed, skipped and why, still to go) and the late fees added to it",
      params: idParamsSchema,
      response: { 200: invoiceReminderTimelineSchema },
    },
    handler: async (req) => getReminderTimeline(db, requireCtx(req), req.params.id),
  });
}
