// Quotes the customer approves online (docs/rules/quote-approval.md): staff send the link; the customer's page
// (public, behind the link's token) opens, approves with a signature, declines or asks for changes.
import {
  approveQuoteSchema,
  declineQuoteSchema,
  publicQuoteSchema,
  quoteDepositIntentSchema,
  quoteTokenParamsSchema,
  requestQuoteChangesSchema,
  sendForApprovalResultSchema,
  sendForApprovalSchema,
} from '../../../contracts/estimates';
import { idParamsSchema } from '../../../contracts/line-items';
import { paymentIntentResponseSchema } from '../../../contracts/payments';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendPdf } from '../documents/send-pdf';
import { estimatePdf } from '../estimates/estimate-pdf';
import { getEstimateOfToken } from '../estimates/get-estimate';
import { approveQuote, declineQuote, requestQuoteChanges, type AnswerMeta, type AnsweredQuote } from './answer-quote';
import { tellOrganization } from './answer-email';
import { openQuote } from './open-quote';
import { estimateByToken } from './quote-page';
import { sendForApproval } from './send-for-approval';
import { startDeposit } from './start-deposit';

const tags = ['quote-approval'];

const metaOf = (req: FastifyRequest): AnswerMeta => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

export function quoteApprovalRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  // Every answer is stored first; the organization's e-mail follows without holding the customer's answer up.
  const told = (req: FastifyRequest, answered: AnsweredQuote) => {
    void tellOrganization(deps, answered, req.log);
    return answered.quote;
  };

  app.post('/api/estimates/:id/send-for-approval', {
    config: { access: access.require(['manage_estimates', 'create_estimates'], { tenant: true }) },
    schema: {
      tags,
      summary: "Send the customer the quote page's link (e-mail with the PDF, and/or text message); the estimate becomes sent",
      params: idParamsSchema,
      body: sendForApprovalSchema,
      response: { 200: sendForApprovalResultSchema },
    },
    handler: async (req) => {
      const { approvalUrl, estimate } = await sendForApproval(deps, requireCtx(req), req.params.id, req.body);
      return { message: 'Sent for approval', approvalUrl, estimate };
    },
  });

  app.post('/api/public/quotes/:token/open', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.quoteOpen },
    schema: {
      tags,
      summary: "The customer's quote page: organization, items (optional ones to tick), totals, terms; the first open marks it viewed",
      params: quoteTokenParamsSchema,
      response: { 200: publicQuoteSchema },
    },
    handler: async (req) => openQuote(db, deps.config, req.params.token),
  });

  app.post('/api/public/quotes/:token/approve', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.quoteAnswer },
    schema: {
      tags,
      summary: 'Approve the quote with a typed name and a drawn signature (and the optional items ticked); 409 if it changed, expired or was answered',
      params: quoteTokenParamsSchema,
      body: approveQuoteSchema,
      response: { 200: publicQuoteSchema },
    },
    handler: async (req) => told(req, await approveQuote(db, deps.config, req.params.token, req.body, metaOf(req))),
  });

  app.post('/api/public/quotes/:token/decline', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.quoteAnswer },
    schema: { tags, summary: 'Decline the quote with a reason', params: quoteTokenParamsSchema, body: declineQuoteSchema, response: { 200: publicQuoteSchema } },
    handler: async (req) => told(req, await declineQuote(db, deps.config, req.params.token, req.body, metaOf(req))),
  });

  app.post('/api/public/quotes/:token/request-changes', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.quoteAnswer },
    schema: {
      tags,
      summary: 'Ask for changes to the quote (a message to the staff); the quote stays open to answer',
      params: quoteTokenParamsSchema,
      body: requestQuoteChangesSchema,
      response: { 200: publicQuoteSchema },
    },
    handler: async (req) => told(req, await requestQuoteChanges(db, deps.config, req.params.token, req.body, metaOf(req))),
  });

  app.post('/api/public/quotes/:token/deposit-intent', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.paymentStart },
    schema: {
      tags,
      summary: "Start paying what is left of an approved quote's deposit (card or bank); confirmed like any payment intent",
      params: quoteTokenParamsSchema,
      body: quoteDepositIntentSchema,
      response: { 200: paymentIntentResponseSchema },
    },
    handler: async (req) => startDeposit(db, deps.config, req.params.token, req.body.paymentType),
  });

  app.get('/api/public/quotes/:token/pdf', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.quoteOpen, answers: 'application/pdf' },
    schema: { tags, summary: 'The quote as a PDF: signed (signature, name, time and IP address) once approved', params: quoteTokenParamsSchema },
    handler: async (req, reply) => {
      await estimateByToken(db, req.params.token);
      const { fileName, pdf } = await estimatePdf(db, await getEstimateOfToken(db, req.params.token));
      return sendPdf(reply, fileName, pdf);
    },
  });
}
