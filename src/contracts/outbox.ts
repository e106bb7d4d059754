import { z } from 'zod';

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  /**
   * stored (the outbox is the delivery), sent or failed (SMTP or Twilio took it or not), opted_out (an SMS not sent:
   * the number answered STOP, docs/rules/messaging.md#sms-opt-outs).
   */
  status: z.string(),
  /** File names and types of the e-mail's attachments (a PDF invoice, an .ics invitation). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxListSchema = z.array(outboxEntrySchema);

export const outboxIdParamsSchema = z.object({ outboxId: z.coerce.number().int().positive().max(2_147_483_647) });
