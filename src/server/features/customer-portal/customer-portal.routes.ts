// Customer portal (docs/rules/customer-portal.md). The portal's calls are public at the guard:
// resolvePortalCustomer decides who may see which customer (docs/rules/customer-portal.md#who-sees-the-portal).
import { z } from 'zod';
import { idParamsSchema } from '../../../contracts/line-items';
import {
  autoPayBodySchema,
  autoPayResponseSchema,
  confirmSetupBodySchema,
  portalAccessQuerySchema,
  portalPaymentBodySchema,
  portalLinkResponseSchema,
  portalResponseSchema,
  revokePortalLinksResponseSchema,
  savedPaymentMethodSchema,
  setupIntentResponseSchema,
} from '../../../contracts/customer-portal';
import { paymentIntentResponseSchema } from '../../../contracts/payments';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { invalid } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { sendPdf } from '../documents/send-pdf';
import { confirmSetupIntent } from './confirm-setup-intent';
import { createSetupIntent } from './create-setup-intent';
import { emailPortalLink } from './email-portal-link';
import { getPortal, listSavedMethods } from './get-portal';
import { renderPortalCreditNotePdf, renderPortalInvoicePdf, startPortalInvoicePayment } from './portal-invoice';
import { portalScope, resolvePortalCustomer, resolvePortalPayer } from './resolve-portal-customer';
import { setAutoPay } from './set-auto-pay';
import { revokeCustomerPortalLinks } from './revoke-portal-links';
import { appointmentMailDeps } from '../scheduling/appointment-mail-deps';
import { heldBookingMail } from '../scheduling/appointment-mail';

const tokenOnlyQuerySchema = portalAccessQuerySchema.pick({ token: true });

export function customerPortalRoutes(app: ZodApp, deps: AppDeps) {
  const { db, config } = deps;
  const portal = access.public();
  const bookingConfirmed = heldBookingMail(db, appointmentMailDeps(app, deps));

  app.get('/api/portal', {
    config: { access: portal },
    schema: {
      tags: ['customer-portal'],
      summary:
        "One customer's portal: account, invoices (no drafts), payments, saved cards and summary. Reached with a portal link token, as a signed-in customer, or as staff previewing ?customer=",
      querystring: portalAccessQuerySchema,
      response: { 200: portalResponseSchema },
    },
    handler: async (req) => {
      const { customer, viewer, canPay } = await resolvePortalCustomer(db, req, { customerId: req.query.customer, token: req.query.token });
      return getPortal(db, customer, viewer, canPay);
    },
  });

  app.get('/api/customers/:id/payment-methods', {
    config: { access: portal },
    schema: {
      tags: ['customer-portal'],
      summary: "The portal customer's saved cards, the default first",
      params: idParamsSchema,
      querystring: tokenOnlyQuerySchema,
      response: { 200: z.array(savedPaymentMethodSchema) },
    },
    handler: async (req) => {
      const { customer } = await resolvePortalCustomer(db, req, { customerId: req.params.id, token: req.query.token });
      return listSavedMethods(db, customer.organizationId, customer.id);
    },
  });

  app.post('/api/customers/:id/setup-intent', {
    config: { access: portal, clientLimit: CLIENT_LIMITS.paymentStart },
    schema: {
      tags: ['customer-portal'],
      summary:
        "Start saving a card for the portal customer through the organization's processor (or the built-in test gateway): the customer, or staff with process_payments",
      params: idParamsSchema,
      querystring: tokenOnlyQuerySchema,
      response: { 200: setupIntentResponseSchema },
    },
    handler: async (req) => {
      const { customer } = await resolvePortalPayer(db, req, { customerId: req.params.id, token: req.query.token });
      return createSetupIntent(db, config, customer);
    },
  });

  app.put('/api/customers/:id/auto-pay', {
    config: { access: portal, clientLimit: CLIENT_LIMITS.cardSubmit },
    schema: {
      tags: ['customer-portal'],
      summary: 'Turn auto-pay on (a saved card is needed: 409 without one) or off for the portal customer: the customer, or staff with process_payments',
      params: idParamsSchema,
      querystring: tokenOnlyQuerySchema,
      body: autoPayBodySchema,
      response: { 200: autoPayResponseSchema },
    },
    handler: async (req) => {
      const { customer } = await resolvePortalPayer(db, req, { customerId: req.params.id, token: req.query.token });
      return setAutoPay(db, customer, req.body.enabled);
    },
  });

  app.post('/api/setup-intents/confirm', {
    // Whoever holds the client secret started the setup through the portal.
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.cardSubmit },
    schema: {
      tags: ['customer-portal'],
      summary: 'Finish saving a card: the test gateway checks the card; for Stripe the SetupIntent is read back from Stripe',
      body: confirmSetupBodySchema,
      response: { 200: savedPaymentMethodSchema },
    },
    // A card kept on file for an online booking confirms it; its e-mail follows the commit (docs/rules/scheduling.md#holding-a-booking).
    handler: async (req) => confirmSetupIntent(db, config, req.body, bookingConfirmed),
  });

  app.post('/api/invoices/:id/payment-intent', {
    config: { access: portal, clientLimit: CLIENT_LIMITS.paymentStart },
    schema: {
      tags: ['customer-portal'],
      summary: "Start a card payment of a sent invoice from the portal (optional body { amount } up to the balance due, e.g. an installment; else the balance): the customer, or staff with process_payments",
      params: idParamsSchema,
      querystring: portalAccessQuerySchema,
      response: { 200: paymentIntentResponseSchema },
    },
    handler: async (req) => {
      const { customer } = await resolvePortalPayer(db, req, { customerId: req.query.customer, token: req.query.token });
      // The body is optional, and the JSON parser turns a missing one into null: validated here, not by the schema.
      const body = portalPaymentBodySchema.safeParse(req.body ?? {});
      if (!body.success) {
        const issues = body.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
        throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);
      }
      return startPortalInvoicePayment(db, config, customer, req.params.id, body.data.amount);
    },
  });

  app.get('/api/portal/invoices/:id/pdf', {
    config: { access: portal, answers: 'application/pdf' },
    schema: {
      tags: ['customer-portal'],
      summary: "One of the portal customer's invoices as a PDF download (invoice-INV-00001.pdf)",
      params: idParamsSchema,
      querystring: portalAccessQuerySchema,
    },
    handler: async (req, reply) => {
      const { customer } = await resolvePortalCustomer(db, req, { customerId: req.query.customer, token: req.query.token });
      const { fileName, pdf } = await renderPortalInvoicePdf(db, portalScope(req, customer), customer, req.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  });

  app.get('/api/portal/credit-notes/:id/pdf', {
    config: { access: portal, answers: 'application/pdf' },
    schema: {
      tags: ['customer-portal'],
      summary: "One of the portal customer's credit notes as a PDF download (credit-note-CN-00001.pdf)",
      params: idParamsSchema,
      querystring: portalAccessQuerySchema,
    },
    handler: async (req, reply) => {
      const { customer } = await resolvePortalCustomer(db, req, { customerId: req.query.customer, token: req.query.token });
      const { fileName, pdf } = await renderPortalCreditNotePdf(db, portalScope(req, customer), customer, req.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  });

  app.post('/api/customers/:id/portal-link', {
    config: { access: access.require(['manage_customers', 'view_customers'], { tenant: true }) },
    schema: {
      tags: ['customer-portal'],
      summary: 'E-mail the customer a new portal link, valid 30 days (the link goes only to the customer)',
      params: idParamsSchema,
      response: { 200: portalLinkResponseSchema },
    },
    handler: async (req) => emailPortalLink(deps, requireCtx(req), req.params.id),
  });

  app.post('/api/customers/:id/portal-links/revoke', {
    config: { access: access.require('manage_customers', { tenant: true }) },
    schema: {
      tags: ['customer-portal'],
      summary: "Revoke every live portal link of the customer (they then answer the invalid-link message); answers how many",
      params: idParamsSchema,
      response: { 200: revokePortalLinksResponseSchema },
    },
    handler: async (req) => revokeCustomerPortalLinks(db, requireCtx(req), req.params.id),
  });
}
