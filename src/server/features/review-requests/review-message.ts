// The words of a review request (docs/rules/messaging.md#review-message): the organization's message, or ours, with
// its variables filled and the link always in it.
import { DEFAULT_REVIEW_MESSAGE } from '../../../contracts/review-requests';
import { renderCustomerEmail, textParagraphs } from '../documents/customer-email';
import type { Business } from '../documents/document-parties';
import { fillTemplate } from '../reminders/reminder-message';

export interface ReviewSubject {
  customerName: string | null;
  organizationName: string;
  link: string;
  message: string | null;
}

/** The message as written, its variables filled; the link on its own line after it when the message does not say it. */
export function reviewText(s: ReviewSubject): string {
  const text = fillTemplate(s.message ?? DEFAULT_REVIEW_MESSAGE, {
    customerName: s.customerName?.trim() || 'there',
    organizationName: s.organizationName,
    reviewLink: s.link,
  }).trim();
  return text.includes(s.link) ? text : `${text}\n\n${s.link}`;
}

/** By text: the message, then how to stop texts (unless it already says so). */
export function reviewSms(s: ReviewSubject): string {
  const text = reviewText(s);
  return /\bSTOP\b/.test(text) ? text : `${text} Reply STOP to opt out.`;
}

export function reviewEmail(s: ReviewSubject, business: Business, appUrl: string): { subject: string; text: string; html: string } {
  const greeting = `Hello ${s.customerName?.trim() || 'there'},`;
  const text = reviewText(s);
  return {
    subject: `How did ${s.organizationName} do?`,
    text: `${greeting}\n\n${text}`,
    html: renderCustomerEmail(business, appUrl, {
      heading: 'How did we do?',
      paragraphs: [greeting, ...textParagraphs(text)],
      button: { label: 'Leave a review', url: s.link },
    }),
  };
}
