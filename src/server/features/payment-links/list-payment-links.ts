// The organization's payment links, newest first, with the invoice number; q searches number and description.
import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { PaymentLink } from '../../../contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import { invoices, paymentLinks } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toPaymentLinkResponse } from './payment-link-response';

const SORTABLE = {
  createdAt: paymentLinks.createdAt,
  expiresAt: paymentLinks.expiresAt,
  clickCount: paymentLinks.clickCount,
  lastClickedAt: paymentLinks.lastClickedAt,
  amount: paymentLinks.amount,
  status: paymentLinks.status,
};

const NEWEST_FIRST = [descending(paymentLinks.createdAt), descending(paymentLinks.id)];

// The invoice join keeps its own tenant condition so a link can never show another organization's number.
const joined = and(eq(invoices.id, paymentLinks.invoiceId), eq(invoices.organizationId, paymentLinks.organizationId));

function paymentLinksWhere(ctx: RequestContext, query: ListQuery) {
  const pattern = query.q ? likePattern(query.q) : null;
  return and(
    scopeFilter(tenantScope(ctx, query.organizationId), paymentLinks.organizationId),
    pattern ? or(ilike(invoices.invoiceNumber, pattern), ilike(paymentLinks.description, pattern)) : undefined,
  );
}

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export function paymentLinkBatches(db: DbOrTx, ctx: RequestContext, appUrl: string, query: ListQuery): BatchReader<PaymentLink> {
  const where = paymentLinksWhere(ctx, query);
  return keysetReader(
    sortKeys(query, SORTABLE, NEWEST_FIRST),
    (b: BatchQuery) =>
      db.select({ link: paymentLinks, invoiceNumber: invoices.invoiceNumber, listKey: b.key }).from(paymentLinks).leftJoin(invoices, joined).where(and(where, b.after)).orderBy(...b.order).limit(b.limit),
    (rows) => {
      const now = new Date();
      return rows.map((r) => toPaymentLinkResponse(r.link, r.invoiceNumber, appUrl, now));
    },
  );
}

export async function listPaymentLinks(db: DbOrTx, ctx: RequestContext, appUrl: string, query: ListQuery): Promise<{ rows: PaymentLink[]; total: number }> {
  const where = paymentLinksWhere(ctx, query);
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select({ link: paymentLinks, invoiceNumber: invoices.invoiceNumber })
        .from(paymentLinks)
        .leftJoin(invoices, joined)
        .where(where)
        .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(paymentLinks).leftJoin(invoices, joined).where(where),
  );
  const now = new Date();
  return { rows: rows.map((r) => toPaymentLinkResponse(r.link, r.invoiceNumber, appUrl, now)), total: Number(totalRow?.total ?? 0) };
}
