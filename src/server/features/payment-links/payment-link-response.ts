// A stored link as the staff see it: its public URL, and 'expired' once an active link's expiry has passed.
import { randomBytes } from 'node:crypto';
import type { PaymentLink, PaymentLinkStatus } from '../../../contracts/payment-links';
import { PAYMENT_LINK_DEFAULT_DAYS } from '../../../contracts/payment-links';
import type { paymentLinks } from '../../db/schema/index';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** 24 random bytes: 32 URL-safe characters, far beyond guessing or enumerating. */
export const newLinkId = () => randomBytes(24).toString('base64url');

export const expiryFrom = (now: Date, days = PAYMENT_LINK_DEFAULT_DAYS) => new Date(now.getTime() + days * DAY_MS);

export const paymentUrlFor = (appUrl: string, linkId: string) => `${appUrl}/payment/${linkId}`;

/** Stored statuses are active and completed; an active link past its expiry reads as expired. */
export function effectiveStatus(row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>, now = new Date()): string {
  if (row.status === 'active' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/** Usable for a new payment: active and not expired. */
export const isOpen = (row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>, now = new Date()) => effectiveStatus(row, now) === 'active';

export function toPaymentLinkResponse(row: PaymentLinkRow, invoiceNumber: string | null, appUrl: string, now = new Date()): PaymentLink {
  return {
    id: row.id,
    organizationId: row.organizationId,
    invoiceId: row.invoiceId,
    invoiceNumber,
    linkId: row.linkId,
    amount: row.amount,
    description: row.description,
    status: effectiveStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    clickCount: row.clickCount,
    lastClickedAt: row.lastClickedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    paymentUrl: paymentUrlFor(appUrl, row.linkId),
  };
}

export function publicStatus(status: string): PaymentLinkStatus {
  return status === 'completed' || status === 'expired' ? status : 'active';
}
