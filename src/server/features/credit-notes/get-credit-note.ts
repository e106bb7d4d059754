import { eq } from 'drizzle-orm';
import type { CreditNote } from '../../../contracts/credit-notes';
import type { DbOrTx } from '../../db/client';
import { creditNotes, customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { creditNoteColumns, creditNoteCustomerJoin, creditNoteInvoiceJoin, toCreditNotes } from './credit-note-view';

/** One credit note of the caller's organization; another organization's is a 404. */
export async function getCreditNote(db: DbOrTx, ctx: RequestContext, id: number): Promise<CreditNote> {
  const rows = await db
    .select(creditNoteColumns)
    .from(creditNotes)
    .leftJoin(invoices, creditNoteInvoiceJoin)
    .leftJoin(customers, creditNoteCustomerJoin)
    .where(tenantWhere(tenantScope(ctx), creditNotes, eq(creditNotes.id, id)))
    .limit(1);
  const [note] = toCreditNotes(rows);
  if (!note) throw notFound('Credit note not found');
  return note;
}
