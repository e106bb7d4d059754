// Outbound webhooks (docs/rules/public-api.md#webhooks): the endpoints an organization admin subscribes to events,
// and every delivery of an event to one of them. Shared by the server's routes and the Developers screen's forms.
import { z } from 'zod';

/** The events an endpoint may subscribe to (the same list as the database's WEBHOOK_EVENT_TYPES; the server checks). */
export const WEBHOOK_EVENTS = [
  'customer.created',
  'estimate.approved',
  'invoice.sent',
  'invoice.paid',
  'payment.refunded',
  'appointment.booked',
  'appointment.changed',
  'appointment.cancelled',
  'work_order.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, as the endpoint form's checkboxes say it (docs/rules/public-api.md#webhook-events). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'customer.created': 'A customer is added',
  'estimate.approved': 'An estimate is approved',
  'invoice.sent': 'An invoice is sent',
  'invoice.paid': 'An invoice is paid in full',
  'payment.refunded': 'A payment is refunded',
  'appointment.booked': 'An appointment is booked',
  'appointment.changed': 'An appointment is changed',
  'appointment.cancelled': 'An appointment is cancelled',
  'work_order.completed': 'A work order is completed',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const WEBHOOK_LIMITS = {
  url: 2048,
  description: 500,
  /** Endpoints one organization keeps. */
  endpoints: 16,
  /** The start of an endpoint's answer that is kept, in bytes. */
  responseBody: 2048,
  /** How long a delivery waits for the endpoint's answer. */
  timeoutSeconds: 10,
  /** Deliveries (and events no delivery names any more) are kept this long. */
  keepDays: 30,
} as const;

export const WEBHOOK_MESSAGES = {
  url: 'Enter the URL to send events to',
  urlInvalid: 'Enter a full URL starting with https://',
  urlMax: `URL must be at most ${WEBHOOK_LIMITS.url.toLocaleString('en-US')} characters`,
  urlCredentials: 'A webhook URL cannot carry a user name or password',
  urlHttps: 'Use an https:// URL',
  urlPrivate: 'This URL points at a private or local address, which webhooks do not call',
  descriptionMax: `Description must be at most ${WEBHOOK_LIMITS.description} characters`,
  events: 'Choose at least one event',
  event: `Event must be one of ${WEBHOOK_EVENTS.join(', ')}`,
  eventTwice: 'An event is listed twice',
  tooMany: `An organization has at most ${WEBHOOK_LIMITS.endpoints} webhook endpoints: delete one you no longer use`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  inactive: 'This endpoint is turned off: turn it on to send to it',
  secretUnreadable: "This endpoint's signing secret was saved with another APP_SECRET: roll the secret to make a new one",
} as const;

const INT_MAX = 2_147_483_647;
const idSchema = z.coerce.number().int().positive().max(INT_MAX);

export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(WEBHOOK_LIMITS.url, WEBHOOK_MESSAGES.urlMax)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
      return;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlCredentials });
  });

const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(WEBHOOK_LIMITS.description, WEBHOOK_MESSAGES.descriptionMax)
  .nullish()
  .transform((v) => (v ? v : null));

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event }), { error: WEBHOOK_MESSAGES.events })
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventTwice)
  .superRefine((events, ctx) => {
    if (new Set(events).size !== events.length) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.eventTwice });
  });

/** The endpoint form's fields: where to send, a note for the admins, and which events. */
export const webhookEndpointFormSchema = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema,
  events: webhookEventsSchema,
});
export type WebhookEndpointFormValues = z.input<typeof webhookEndpointFormSchema>;
export type WebhookEndpointFormOutput = z.output<typeof webhookEndpointFormSchema>;

/** POST /api/webhook-endpoints. */
export const createWebhookEndpointSchema = webhookEndpointFormSchema.extend({
  /** Super users choose the organization; ignored for everyone else. */
  organizationId: idSchema.nullish(),
});
export type CreateWebhookEndpoint = z.output<typeof createWebhookEndpointSchema>;

/** PUT /api/webhook-endpoints/:id: the fields sent replace the stored ones; `isActive` turns sending off and on. */
export const updateWebhookEndpointSchema = z.object({
  url: webhookUrlSchema.optional(),
  description: descriptionSchema.optional(),
  events: webhookEventsSchema.optional(),
  isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
});
export type UpdateWebhookEndpoint = z.output<typeof updateWebhookEndpointSchema>;

/** The outcome of an endpoint's latest delivery, as its list row shows it. */
export const webhookLastDeliverySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  responseStatus: z.number().int().nullable(),
  /** The last attempt, or when it was made if not yet tried. */
  at: z.string(),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: webhookLastDeliverySchema.nullable(),
  /** Deliveries still to send (waiting for their turn, or to be tried again). */
  pendingCount: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The signing secret: `whsec_` and 43 characters. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** POST /api/webhook-endpoints answers the endpoint with its secret. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** POST /api/webhook-endpoints/:id/test: a sample event of this type goes to this endpoint only. */
export const sendTestWebhookSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event }),
});
export type SendTestWebhook = z.output<typeof sendTestWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** "evt_123", as the body's `id` and the Tradebook-Event-Id header say. */
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  /** A sample sent by Send test event. */
  test: z.boolean(),
  /** "invoice:42": deliveries about one record go out one after another. */
  recordKey: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When a pending delivery is tried next; null once it succeeded or failed. */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  /** The start of the endpoint's answer (at most 2 KB). */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The delivery this one sends again (Replay). */
  replayOf: z.number().int().nullable(),
  createdAt: z.string(),
  /** The JSON body as sent. */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/webhook-endpoints/:id/deliveries: newest first, paged (X-Total-Count). */
export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `Status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });
