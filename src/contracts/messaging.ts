// Messaging: messages sent by e-mail or SMS to customers, and reusable templates (docs/rules/messaging.md),
// shared by the server and the React forms.
import { z } from 'zod';
import { listQuerySchema } from './lists';

export const MESSAGE_TYPES = ['email', 'sms'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATUSES = ['draft', 'sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_LIMITS = {
  subject: 300,
  emailContent: 50_000,
  /** Twilio's own ceiling for one message body. */
  smsContent: 1600,
  recipients: 500,
  email: 254,
  templateName: 200,
} as const;

const atMost = (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters`;

export const MESSAGING_MESSAGES = {
  recipientsRequired: 'Select at least one recipient',
  tooManyRecipients: `A message can have at most ${MESSAGE_LIMITS.recipients} recipients`,
  emailRecipient: 'Each recipient must be a valid email address',
  phoneRecipient: 'Each recipient must be a 10-digit phone number',
  subjectRequired: 'Subject is required',
  subjectTooLong: atMost('Subject', MESSAGE_LIMITS.subject),
  contentRequired: 'Content is required',
  contentTooLong: atMost('Content', MESSAGE_LIMITS.emailContent),
  smsTooLong: `SMS content must be at most ${MESSAGE_LIMITS.smsContent.toLocaleString('en-US')} characters`,
  type: 'Type must be email or sms',
  status: 'Status must be draft or sent',
  sentDate: 'Sent date must be a date and time',
  nameRequired: 'Name is required',
  nameTooLong: atMost('Name', MESSAGE_LIMITS.templateName),
  boolean: 'Must be true or false',
  organization: 'Please choose an organization',
  notFound: 'Message not found',
  templateNotFound: 'Template not found',
  alreadySent: 'This message has already been sent',
  sendFailed: 'Failed to send message',
} as const;

const MAX_INT = 2_147_483_647;

export const messageTypeSchema = z.enum(MESSAGE_TYPES, { error: MESSAGING_MESSAGES.type });

const subjectSchema = z
  .string({ error: 'Subject must be text' })
  .trim()
  .max(MESSAGE_LIMITS.subject, MESSAGING_MESSAGES.subjectTooLong)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

const contentSchema = z
  .string({ error: (iss) => (iss.input == null ? MESSAGING_MESSAGES.contentRequired : 'Content must be text') })
  .trim()
  .min(1, MESSAGING_MESSAGES.contentRequired)
  .max(MESSAGE_LIMITS.emailContent, MESSAGING_MESSAGES.contentTooLong);

const recipientsSchema = z
  .array(z.string({ error: 'Each recipient must be text' }).max(MESSAGE_LIMITS.email, MESSAGING_MESSAGES.emailRecipient), {
    error: MESSAGING_MESSAGES.recipientsRequired,
  })
  .min(1, MESSAGING_MESSAGES.recipientsRequired)
  .max(MESSAGE_LIMITS.recipients, MESSAGING_MESSAGES.tooManyRecipients);

const organizationIdSchema = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/)], { error: MESSAGING_MESSAGES.organization })
  .transform(Number)
  .pipe(z.number().int(MESSAGING_MESSAGES.organization).positive(MESSAGING_MESSAGES.organization).max(MAX_INT, MESSAGING_MESSAGES.organization))
  .nullish();

/** A phone recipient as stored: 10 digits; formatting and a leading US country code are dropped. */
export function normalizePhone(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1') && /^\s*\+?1/.test(value)) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

export function normalizeEmail(value: string): string | null {
  const v = value.trim().toLowerCase();
  return v && v.length <= MESSAGE_LIMITS.email && z.email().safeParse(v).success ? v : null;
}

export interface MessageIssue {
  path: string;
  message: string;
}

export interface MessageDraft {
  type: MessageType;
  subject: string | null;
  content: string;
  recipients: string[];
}

/**
 * The rules that depend on the type (subject for e-mail, SMS length, recipient format), for a whole
 * message: the create body, and a draft after an update has been applied to it. Answers the
 * recipients normalized and without repeats.
 */
export function checkMessage(m: MessageDraft): { issues: MessageIssue[]; recipients: string[] } {
  const issues: MessageIssue[] = [];
  if (m.type === 'email' && !m.subject) issues.push({ path: 'subject', message: MESSAGING_MESSAGES.subjectRequired });
  if (m.type === 'sms' && m.content.length > MESSAGE_LIMITS.smsContent) issues.push({ path: 'content', message: MESSAGING_MESSAGES.smsTooLong });
  const recipients: string[] = [];
  if (m.recipients.length === 0) issues.push({ path: 'recipients', message: MESSAGING_MESSAGES.recipientsRequired });
  m.recipients.forEach((raw, i) => {
    const value = m.type === 'sms' ? normalizePhone(raw) : normalizeEmail(raw);
    if (value === null) {
      issues.push({ path: `recipients.${i}`, message: m.type === 'sms' ? MESSAGING_MESSAGES.phoneRecipient : MESSAGING_MESSAGES.emailRecipient });
    } else if (!recipients.includes(value)) {
      recipients.push(value);
    }
  });
  return { issues, recipients };
}

export const createMessageBodySchema = z
  .object({
    subject: subjectSchema,
    content: contentSchema,
    /** Default email. */
    type: messageTypeSchema.default('email'),
    /** Default draft; sent delivers at once. */
    status: z.enum(MESSAGE_STATUSES, { error: MESSAGING_MESSAGES.status }).default('draft'),
    recipients: recipientsSchema,
    /** Super users choose the organization; ignored for everyone else. */
    organizationId: organizationIdSchema,
  })
  .transform((body, ctx) => {
    const { issues, recipients } = checkMessage({ type: body.type, subject: body.subject ?? null, content: body.content, recipients: body.recipients });
    for (const issue of issues) ctx.issues.push({ code: 'custom', path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message, input: body });
    return { ...body, subject: body.subject ?? null, recipients };
  });
export type CreateMessageInput = z.input<typeof createMessageBodySchema>;
export type CreateMessageBody = z.infer<typeof createMessageBodySchema>;

/** Send a draft (`status: 'sent'`) and/or change its fields; the type rules are checked on the result. */
export const updateMessageBodySchema = z.object({
  subject: subjectSchema,
  content: contentSchema.optional(),
  type: messageTypeSchema.optional(),
  status: z.enum(MESSAGE_STATUSES, { error: MESSAGING_MESSAGES.status }).optional(),
  /** Accepted as the client sends it; the server records the moment the message actually went out. */
  sentDate: z.iso.datetime({ offset: true, error: MESSAGING_MESSAGES.sentDate }).nullish(),
  recipients: recipientsSchema.optional(),
});
export type UpdateMessageBody = z.infer<typeof updateMessageBodySchema>;

export const messageIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });

export const messageListQuerySchema = listQuerySchema.extend({
  status: z.enum(MESSAGE_STATUSES, { error: MESSAGING_MESSAGES.status }).optional(),
  type: messageTypeSchema.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  subject: z.string().nullable(),
  content: z.string(),
  recipients: z.array(z.string()),
  type: z.string(),
  /** draft or sent ('sending' while a delivery is under way). */
  status: z.string(),
  createdAt: z.string(),
  sentDate: z.string().nullable(),
  createdBy: z.number().int().nullable(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);

// Templates

const templateNameSchema = z
  .string({ error: (iss) => (iss.input == null ? MESSAGING_MESSAGES.nameRequired : 'Name must be text') })
  .trim()
  .min(1, MESSAGING_MESSAGES.nameRequired)
  .max(MESSAGE_LIMITS.templateName, MESSAGING_MESSAGES.nameTooLong);

export const templateFieldsSchema = z.object({
  name: templateNameSchema,
  type: messageTypeSchema.default('email'),
  subject: subjectSchema,
  content: contentSchema,
  isActive: z.boolean({ error: MESSAGING_MESSAGES.boolean }).default(true),
  organizationId: organizationIdSchema,
});

function smsLengthIssue(t: { type?: MessageType; content?: string }, ctx: z.core.$RefinementCtx) {
  if (t.type === 'sms' && t.content !== undefined && t.content.length > MESSAGE_LIMITS.smsContent) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: MESSAGING_MESSAGES.smsTooLong });
  }
}

export const createTemplateBodySchema = templateFieldsSchema.superRefine(smsLengthIssue);
export type TemplateFormInput = z.input<typeof createTemplateBodySchema>;
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

export const updateTemplateBodySchema = z
  .object({
    name: templateNameSchema.optional(),
    type: messageTypeSchema.optional(),
    subject: subjectSchema,
    content: contentSchema.optional(),
    isActive: z.boolean({ error: MESSAGING_MESSAGES.boolean }).optional(),
    organizationId: organizationIdSchema,
  })
  .superRefine(smsLengthIssue);
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

export const templateIdParamsSchema = messageIdParamsSchema;

export const messageTemplateSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  type: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplateListSchema = z.array(messageTemplateSchema);
