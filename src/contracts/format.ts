// Display rules shared by screens, e-mails and documents.

/** Digits only, at most 10 (docs/rules/records.md#customer-form). */
export function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, 10);
}

/** (555) 333-1234 for ten digits; partial input formatted as far as it goes; '-' when empty. */
export function formatPhone(value: string | null | undefined): string {
  const d = phoneDigits(value);
  if (!d) return '-';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** scheduled -> Scheduled, in_progress -> In Progress. */
export function statusLabel(status: string | null | undefined): string {
  return (status ?? '')
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Status words that are not the status id in title case (docs/rules/records.md#status-badges). */
const STATUS_WORDS: Record<string, string> = {
  changes_requested: 'Changes requested',
  accepted: 'Approved',
};

/** A status badge's words: in_progress -> In Progress, changes_requested -> Changes requested; none -> Pending. */
export function statusText(status: string | null | undefined): string {
  const key = (status ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  return STATUS_WORDS[key] ?? (statusLabel(status) || 'Pending');
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  card: 'Card',
};

/** A card brand as processors name it ('visa', 'amex') in words: "Visa", "American Express". */
export function cardBrandLabel(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return CARD_BRANDS[brand.toLowerCase()] ?? statusLabel(brand);
}

/** A saved card in a sentence: "Visa ending 4242". */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  return last4 ? `${cardBrandLabel(brand)} ending ${last4}` : cardBrandLabel(brand);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** Nov 21, 2026 (UTC calendar date), '-' when missing or invalid. */
export function formatDate(value: string | Date | null | undefined, fallback = '-'): string {
  if (!value) return fallback;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? fallback : dateFormat.format(d);
}

export function formatDateTime(value: string | Date | null | undefined, fallback = '-'): string {
  if (!value) return fallback;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? fallback : dateTimeFormat.format(d);
}

/** Avatar initials: first letters of first and last name; else first two of the e-mail; else 'U'. */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const f = user.firstName?.trim();
  const l = user.lastName?.trim();
  if (f && l) return (f[0] + l[0]).toUpperCase();
  const e = user.email?.trim();
  if (e) return e.slice(0, 2).toUpperCase();
  return 'U';
}

export function displayName(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const name = [user.firstName, user.lastName].filter((s) => s && s.trim()).join(' ');
  return name || user.email || 'User';
}
