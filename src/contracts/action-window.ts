// How often the Payment Analytics actions may reach the same customer or invoice (docs/decisions/017-money-figures.md).
// Apart from payment-analytics.ts so the web can name the window without loading zod.

/** Send Reminders and Send Invites reach a customer (or an invoice) at most once in this many hours. */
export const ACTION_REPEAT_HOURS = 24;
