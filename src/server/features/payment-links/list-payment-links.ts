// The organization's payment links, newest first, with the invoice number; q searches number and description.
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { PaymentLink } from '../../../contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import { invoices, paymentLinks } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
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

export async function listPaymentLinks(db: DbOrTx, ctx: RequestContext, appUrl: string, query: ListQuery): Promise<{ rows: PaymentLink[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
    scopeFilter(tenantScope(ctx, query.organizationId), paymentLinks.organizationId),
    pattern ? or(ilike(invoices.invoiceNumber, pattern), ilike(paymentLinks.description, pattern)) : undefined,
  );
  // The invoice join keeps its own tenant condition so a link can never show another organization's number.
  const joined = and(eq(invoices.id, paymentLinks.invoiceId), eq(invoices.organizationId, paymentLinks.organizationId));
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select({ link: paymentLinks, invoiceNumber: invoices.invoiceNumber })
        .from(paymentLinks)
        .leftJoin(invoices, joined)
        .where(where)
        .orderBy(...orderBy(query, SORTABLE, [desc(paymentLinks.createdAt), desc(paymentLinks.id)]))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(paymentLinks).leftJoin(invoices, joined).where(where),
  );
  const now = new Date();
  return { rows: rows.map((r) => toPaymentLinkResponse(r.link, r.invoiceNumber, appUrl, now)), total: Number(totalRow?.total ?? 0) };
}
