// Two-way SMS (docs/rules/messaging.md#conversations): the threads on the Messaging screen, answers from them, and
// Twilio's webhook that brings the replies.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationDetailSchema,
  conversationIdParamsSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationUnreadCountSchema,
  customerSmsOptOutSchema,
  replyBodySchema,
  replyResultSchema,
  startConversationBodySchema,
} from '../../../contracts/conversations';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { getCustomerSmsOptOut } from './customer-sms-opt-out';
import { getConversation } from './get-conversation';
import { countUnreadConversations, listConversations } from './list-conversations';
import { replyToConversation, startConversation } from './reply-to-conversation';
import { EMPTY_TWIML, receiveTwilioSms, TWILIO_SIGNATURE_HEADER } from './twilio-webhook';

const read = access.require(['view_messages', 'send_messages'], { tenant: true });
const write = access.require('send_messages', { tenant: true });
const tags = ['conversations'];

/** Twilio's inbound message fields we read; every other field it posts is kept, since the signature covers them all. */
const twilioSmsSchema = z.looseObject({
  From: z.string({ error: 'From must be text' }).min(1, 'From is required').max(64),
  MessageSid: z.string({ error: 'MessageSid must be text' }).min(1, 'MessageSid is required').max(64),
  Body: z.string({ error: 'Body must be text' }).max(4000).optional(),
});

/** Twilio's webhook bodies are a few hundred bytes. */
const TWILIO_BODY_LIMIT = 64 * 1024;

export function conversationsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/conversations', {
    config: { access: read },
    schema: {
      tags,
      summary: "SMS conversations, the latest message first; q finds a customer's name, a number or words of the last message (customers and guests see none)",
      querystring: conversationListQuerySchema,
      response: { 200: conversationListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listConversations(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/conversations/unread-count', {
    config: { access: read },
    schema: {
      tags,
      summary: 'How many conversations have replies nobody has opened yet (organizationId: a super user picks one)',
      querystring: conversationListQuerySchema.pick({ organizationId: true }),
      response: { 200: conversationUnreadCountSchema },
    },
    handler: async (req) => ({ count: await countUnreadConversations(db, requireCtx(req), req.query.organizationId) }),
  });

  app.get('/api/conversations/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One conversation and its latest 200 messages, oldest first; opening it marks its replies read',
      params: conversationIdParamsSchema,
      response: { 200: conversationDetailSchema },
    },
    handler: async (req) => getConversation(db, requireCtx(req), req.params.id),
  });

  app.post('/api/conversations/:id/messages', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Answer in the conversation by text message (409 when the number opted out; 502/503 when the SMS provider fails)',
      params: conversationIdParamsSchema,
      body: replyBodySchema,
      response: { 201: replyResultSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await replyToConversation(deps, requireCtx(req), req.params.id, req.body.body)),
  });

  app.post('/api/conversations', {
    config: { access: write },
    schema: {
      tags,
      summary: "Text a customer's mobile (customerId) or a number (phone): the organization's conversation with it, made when there is none",
      body: startConversationBodySchema,
      response: { 201: replyResultSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await startConversation(deps, requireCtx(req), req.body)),
  });

  app.get('/api/customers/:id/sms-opt-out', {
    config: { access: access.require(['view_customers', 'manage_customers'], { tenant: true }) },
    schema: {
      tags,
      summary: "Whether the customer's phone replied STOP: no text message goes to it until it replies START",
      params: conversationIdParamsSchema,
      response: { 200: customerSmsOptOutSchema },
    },
    handler: async (req) => getCustomerSmsOptOut(db, requireCtx(req), req.params.id),
  });

  // Twilio posts form fields, so this route alone takes them (and JSON, which no caller of ours sends, is refused by the signature check).
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: TWILIO_BODY_LIMIT }, (_req, body, done) => {
      const params: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        const seen = params[key];
        params[key] = seen === undefined ? value : [...[seen].flat(), value];
      }
      done(null, params);
    });
    scope.post('/api/webhooks/twilio/sms', {
      config: { access: access.public({ csrf: false }), clientLimit: CLIENT_LIMITS.twilioInbound, answers: 'text/xml' },
      bodyLimit: TWILIO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Twilio's incoming-message webhook: checked against X-Twilio-Signature (403 when missing or wrong), filed once per MessageSid; answers empty TwiML (404 without Twilio settings)",
        body: twilioSmsSchema,
      },
      handler: async (req, reply) => {
        const signature = req.headers[TWILIO_SIGNATURE_HEADER];
        await receiveTwilioSms({ db, config: deps.config, log: req.log }, { path: req.url, signature: typeof signature === 'string' ? signature : undefined, params: req.body });
        return reply.code(200).type('text/xml').send(EMPTY_TWIML);
      },
    });
  });
}
