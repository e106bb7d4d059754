import { listQuerySchema } from '../../../contracts/lists';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { idParamsSchema } from '../../../contracts/line-items';
import {
  createGenericPaymentLinkBodySchema,
  createInvoicePaymentLinkBodySchema,
  type CreateInvoicePaymentLinkBody,
  linkIdParamsSchema,
  linkPaymentIntentBodySchema,
  paymentLinkListSchema,
  paymentLinkSchema,
  publicPaymentLinkSchema,
  visitorGenericLinkSchema,
} from '../../../contracts/payment-links';
import { paymentIntentResponseSchema } from '../../../contracts/payments';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { invalid } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportPaymentLinks } from './export-payment-links';
import { setTotalCount } from '../../platform/lists';
import { createGenericPaymentLink } from './create-generic-payment-link';
import { createInvoicePaymentLink } from './create-invoice-payment-link';
import { listPaymentLinks } from './list-payment-links';
import { openPaymentLink } from './open-payment-link';
import { startLinkPayment } from './start-link-payment';

const tags = ['payment-links'];
const read = access.require(['view_financials', 'manage_payments', 'process_payments'], { tenant: true });

function optionalBody(body: unknown): CreateInvoicePaymentLinkBody {
  const parsed = createInvoicePaymentLinkBodySchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
  throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);
}

export function paymentLinksRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, config } = deps;

  app.get('/api/payment-links', {
    config: { access: read },
    schema: {
      tags,
      summary: "The organization's payment links, newest first (q: invoice number or description; total in X-Total-Count)",
      querystring: listQuerySchema,
      response: { 200: paymentLinkListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listPaymentLinks(db, requireCtx(req), config.appUrl, req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/payment-links/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags: ['payment-links'],
      summary: 'The payment links list as CSV or XLSX, with its search and sort, streamed (payment-links-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportPaymentLinks(db, requireCtx(req), config.appUrl, req.query)),
  });

  app.post('/api/invoices/:id/payment-link', {
    config: { access: access.require('process_payments', { tenant: true }) },
    schema: {
      tags,
      summary: "The invoice's open payment link, or a new one for the balance due (expires in 30 days unless expiresInDays)",
      params: idParamsSchema,
      response: { 200: paymentLinkSchema, 201: paymentLinkSchema },
    },
    handler: async (req, reply) => {
      // The body is optional, and the JSON parser turns a missing one into null: validated here, not by the schema.
      const { link, created } = await createInvoicePaymentLink(db, requireCtx(req), config.appUrl, req.params.id, optionalBody(req.body));
      return reply.code(created ? 201 : 200).send(link);
    },
  });

  // Public (docs/rules/money-and-payments.md#payment-links): the organization home's Pay Now is for visitors too. Signed in, the service keeps the
  // caller to their organization and answers the staff's view; signed out, only an organization with a public home
  // page, and only where to go (docs/features.md, Payment links).
  const genericLinkAnswer = paymentLinkSchema.or(visitorGenericLinkSchema);
  app.post('/api/generic-payment-links', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.genericLink },
    schema: {
      tags,
      summary: "The organization's open generic (any amount) payment link, or a new one; signed out: linkId and paymentUrl only",
      body: createGenericPaymentLinkBodySchema,
      response: { 200: genericLinkAnswer, 201: genericLinkAnswer },
    },
    handler: async (req, reply) => {
      const { link, created } = await createGenericPaymentLink(db, req.ctx, config.appUrl, req.body);
      return reply.code(created ? 201 : 200).send(req.ctx ? link : { linkId: link.linkId, paymentUrl: link.paymentUrl });
    },
  });

  app.post('/api/public/payment-links/:linkId/open', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.linkOpen },
    schema: {
      tags,
      summary: 'The pay page of a link (counts a click): organization name, logo and contact, the invoice summary or the generic form',
      params: linkIdParamsSchema,
      response: { 200: publicPaymentLinkSchema },
    },
    handler: async (req) => openPaymentLink(db, config, req.params.linkId),
  });

  app.post('/api/public/payment-links/:linkId/payment-intent', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.paymentStart },
    schema: {
      tags,
      summary: "Start paying through a link: an invoice link pays the balance due; the generic link the payer's amount",
      params: linkIdParamsSchema,
      body: linkPaymentIntentBodySchema,
      response: { 200: paymentIntentResponseSchema },
    },
    handler: async (req) => startLinkPayment(db, config, req.params.linkId, req.body),
  });
}
