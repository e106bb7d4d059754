import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CreditNote, CreditNoteListQuery } from '../../../contracts/credit-notes';
import type { DbOrTx } from '../../db/client';
import { creditNotes, customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { count } from 'drizzle-orm';
import { creditNoteColumns, creditNoteCustomerJoin, creditNoteInvoiceJoin, toCreditNotes } from './credit-note-view';

const SORTABLE = { creditNoteNumber: creditNotes.creditNoteNumber, total: creditNotes.total, createdAt: creditNotes.createdAt };

/**
 * A page of credit notes, newest first; q matches the note's number, its invoice's number or the customer's name;
 * invoiceId narrows to one invoice's notes.
 */
export async function listCreditNotes(db: DbOrTx, ctx: RequestContext, query: CreditNoteListQuery): Promise<{ items: CreditNote[]; total: number }> {
  const scope = tenantScope(ctx, query.organizationId);
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const conditions: (SQL | undefined)[] = [
    query.invoiceId ? eq(creditNotes.invoiceId, query.invoiceId) : undefined,
    pattern ? or(ilike(creditNotes.creditNoteNumber, pattern), ilike(invoices.invoiceNumber, pattern), ilike(customers.name, pattern)) : undefined,
  ];
  const where = tenantWhere(scope, creditNotes, ...conditions);
  const { limit, offset } = page(query);
  const [rows, [counted]] = await runAll(
    db,
    () =>
      db
        .select(creditNoteColumns)
        .from(creditNotes)
        .leftJoin(invoices, creditNoteInvoiceJoin)
        .leftJoin(customers, creditNoteCustomerJoin)
        .where(where)
        .orderBy(...orderBy(query, SORTABLE, [desc(creditNotes.createdAt), desc(creditNotes.id)]))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: count() })
        .from(creditNotes)
        .leftJoin(invoices, creditNoteInvoiceJoin)
        .leftJoin(customers, creditNoteCustomerJoin)
        .where(and(where)),
  );
  return { items: toCreditNotes(rows), total: Number(counted?.n ?? 0) };
}
