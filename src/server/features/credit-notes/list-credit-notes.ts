import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CreditNote, CreditNoteListQuery } from '../../../contracts/credit-notes';
import type { DbOrTx } from '../../db/client';
import { creditNotes, customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { count } from 'drizzle-orm';
import { creditNoteColumns, creditNoteCustomerJoin, creditNoteInvoiceJoin, toCreditNotes } from './credit-note-view';

const SORTABLE = { creditNoteNumber: creditNotes.creditNoteNumber, total: creditNotes.total, createdAt: creditNotes.createdAt };

const NEWEST_FIRST = [descending(creditNotes.createdAt), descending(creditNotes.id)];

function creditNotesWhere(ctx: RequestContext, query: CreditNoteListQuery): SQL {
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const conditions: (SQL | undefined)[] = [
    query.invoiceId ? eq(creditNotes.invoiceId, query.invoiceId) : undefined,
    pattern ? or(ilike(creditNotes.creditNoteNumber, pattern), ilike(invoices.invoiceNumber, pattern), ilike(customers.name, pattern)) : undefined,
  ];
  return tenantWhere(tenantScope(ctx, query.organizationId), creditNotes, ...conditions);
}

/** The list's rows batch by batch in its order, with its search and filter: its export (docs/rules/data-exchange.md#list-exports). */
export function creditNoteBatches(db: DbOrTx, ctx: RequestContext, query: CreditNoteListQuery): BatchReader<CreditNote> {
  const where = creditNotesWhere(ctx, query);
  return keysetReader(
    sortKeys(query, SORTABLE, NEWEST_FIRST),
    (b: BatchQuery) =>
      db
        .select({ ...creditNoteColumns, listKey: b.key })
        .from(creditNotes)
        .leftJoin(invoices, creditNoteInvoiceJoin)
        .leftJoin(customers, creditNoteCustomerJoin)
        .where(and(where, b.after))
        .orderBy(...b.order)
        .limit(b.limit),
    toCreditNotes,
  );
}

/**
 * A page of credit notes, newest first; q matches the note's number, its invoice's number or the customer's name;
 * invoiceId narrows to one invoice's notes.
 */
export async function listCreditNotes(db: DbOrTx, ctx: RequestContext, query: CreditNoteListQuery): Promise<{ items: CreditNote[]; total: number }> {
  const where = creditNotesWhere(ctx, query);
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
        .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
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
