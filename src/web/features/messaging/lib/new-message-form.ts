// The New Message form for react-hook-form: the fields as the dialog holds them (recipients as chosen customers),
// checked by the contract's createMessageBodySchema, so the dialog and POST /api/messages give the same words.
import { z } from 'zod';
import { createMessageBodySchema, MESSAGE_STATUSES, messageTypeSchema } from '@contracts/messaging';

const recipientChoiceSchema = z.object({ customerId: z.number(), name: z.string(), value: z.string() });

export const newMessageFormSchema = z
  .object({
    type: messageTypeSchema,
    /** Which button was pressed: Save as draft or Send. */
    status: z.enum(MESSAGE_STATUSES),
    subject: z.string(),
    content: z.string(),
    recipients: z.array(recipientChoiceSchema),
    /** The template last applied; only fills subject and content, never sent. */
    templateId: z.string(),
  })
  .transform(({ recipients, subject, templateId: _template, ...v }): z.input<typeof createMessageBodySchema> => ({ ...v, subject: subject.trim() || null, recipients: recipients.map((r) => r.value) }))
  .pipe(createMessageBodySchema);

export type NewMessageFormValues = z.input<typeof newMessageFormSchema>;

export const EMPTY_MESSAGE: NewMessageFormValues = { type: 'email', status: 'sent', subject: '', content: '', recipients: [], templateId: '' };

const messageOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' && 'message' in value && typeof value.message === 'string' && value.message ? value.message : undefined;

/** The first problem under the recipients, whether with the list (`recipients`) or one of them (`recipients.2`). */
export function recipientsProblem(error: unknown): string | undefined {
  return messageOf(error) ?? (Array.isArray(error) ? error.map(messageOf).find(Boolean) : undefined);
}
