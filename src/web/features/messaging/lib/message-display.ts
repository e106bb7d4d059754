// What the Messaging screen shows and says, kept free of zod so the list chunk stays small.
import { phoneDigits } from '@contracts/format';

export type MessageKind = 'email' | 'sms';

/** docs/rules/messaging.md#messages-on-screen. */
export const MESSAGING_TOASTS = {
  created: 'Message created successfully',
  createFailed: 'Failed to create message',
  sendFailed: 'Failed to send message',
} as const;

export function sentToast(type: string): string {
  return `Message sent successfully via ${type === 'sms' ? 'SMS' : 'email'}`;
}

export const RECIPIENTS_HINT = 'Select at least one recipient';

export function recipientsLabel(recipients: readonly string[]): string {
  if (recipients.length === 0) return 'No recipients';
  return recipients.length === 1 ? '1 recipient' : `${recipients.length} recipients`;
}

export function typeLabel(type: string): string {
  return type === 'sms' ? 'SMS' : 'Email';
}

interface ContactCustomer {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface RecipientChoice {
  customerId: number;
  name: string;
  /** What the message is sent to: the e-mail address, or the 10-digit phone number. */
  value: string;
}

/**
 * docs/rules/messaging.md#recipients: only customers with an e-mail (type email) or a phone (type sms). A phone must have
 * 10 digits, as the server requires, so a customer whose number could not be texted is not offered.
 */
export function recipientChoices(customers: readonly ContactCustomer[], type: MessageKind): RecipientChoice[] {
  const out: RecipientChoice[] = [];
  for (const c of customers) {
    const value = type === 'sms' ? phoneDigits(c.phone) : (c.email ?? '').trim().toLowerCase();
    if (type === 'sms' ? value.length === 10 : value.includes('@')) out.push({ customerId: c.id, name: c.name, value });
  }
  return out;
}
