// Audit entries in words: what happened, to which record, and the details that matter; on the audit log screen and in
// its export (docs/rules/data-exchange.md#list-exports).
import type { AuditEntry } from './admin';
import { formatDateTime, statusLabel } from './format';
import { isRole, ROLE_LABELS } from './permissions';

/** The families the audit log filters by (`?action=user` matches every `user.*`). */
export const AUDIT_ACTION_FAMILIES = [
  { value: 'user', label: 'Users' },
  { value: 'impersonation', label: 'Impersonation' },
  { value: 'payment_processor', label: 'Payment processors' },
  { value: 'customer', label: 'Customers' },
  { value: 'vendor', label: 'Vendors' },
  { value: 'vendor_payment', label: 'Vendor payments' },
  { value: 'invoice', label: 'Invoices' },
] as const;

const ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created user',
  'user.update': 'Updated user',
  'user.role_change': 'Changed role',
  'user.activate': 'Activated user',
  'user.deactivate': 'Deactivated user',
  'impersonation.start': 'Started impersonation',
  'impersonation.end': 'Ended impersonation',
};

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company',
  organizationId: 'Organization',
  // A user created over a self-registered guest's account (docs/decisions/004-registration-proves-the-address.md).
  tookOver: 'Took over account of',
  previousOrganizationId: 'Previous organization',
};

/** Known actions in words; others (written by other features) as "Payment processor: activate". */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const [family, ...rest] = action.split('.');
  return rest.length ? `${statusLabel(family)}: ${rest.join('.').replace(/_/g, ' ')}` : statusLabel(action);
}

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if ((key === 'role' || key === 'from' || key === 'to' || key === 'targetRole' || key === 'tookOver') && isRole(value)) return ROLE_LABELS[value];
  if ((key === 'organizationId' || key === 'previousOrganizationId') && typeof value === 'number') return `#${value}`;
  if (key === 'expiresAt' && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The record acted on: "User #12" and, when the entry names one, the e-mail address it concerned. */
export function entityLabel(entry: AuditEntry): { title: string; email: string | null } {
  if (!entry.entityType) return { title: '-', email: null };
  const email = entry.details?.email ?? entry.details?.targetEmail;
  return {
    title: `${statusLabel(entry.entityType)}${entry.entityId !== null ? ` #${entry.entityId}` : ''}`,
    email: typeof email === 'string' ? email : null,
  };
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/** "12:54 AM UTC": the time half of formatDateTime, for a date and time on two lines. */
export function timeOfDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d);
}

/** One line per detail worth reading. */
export function detailLines(entry: AuditEntry): string[] {
  const d = entry.details ?? {};
  if (entry.action === 'user.role_change') return [`Role: ${valueText('from', d.from)} → ${valueText('to', d.to)}`];
  if (entry.action === 'user.update' && d.changes && typeof d.changes === 'object') {
    return Object.entries(d.changes as Record<string, { from?: unknown; to?: unknown }>).map(
      ([field, change]) => `${FIELD_LABELS[field] ?? field}: ${shorten(valueText(field, change?.from), 60)} → ${shorten(valueText(field, change?.to), 60)}`,
    );
  }
  return Object.entries(d)
    // The e-mail is in the record's label, the entry's own organization in its column.
    .filter(([key, value]) => key !== 'email' && key !== 'targetEmail' && !(key === 'organizationId' && value === entry.organizationId))
    .map(([key, value]) => shorten(`${FIELD_LABELS[key] ?? statusLabel(key)}: ${valueText(key, value)}`));
}
