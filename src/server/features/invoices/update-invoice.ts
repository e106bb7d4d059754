import { and, eq, ne } from 'drizzle-orm';
import { invoiceAmountsLocked, type Invoice, type UpdateInvoice } from '../../../contracts/invoices';
import { formatMoney, toCents } from '../../../contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { invoiceLineItems, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, pgErrorCode } from '../../platform/errors';
import { writeAudit } from '../audit/write-audit';
import { lockInvoiceInScope } from '../documents/lock-invoice';
import { checkEstimateRef, checkWorkOrderRef, customerInOrganization } from '../documents/document-rules';
import { documentDiscountChanged, figureColumns, lineValuesOf, repriced, sameLines, storedLines } from '../documents/document-pricing';
import { getInvoice } from '../documents/get-invoice';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';

const NUMBER_TAKEN = 'Invoice number already exists';
export const LOCKED_MESSAGE = 'This invoice has been sent: its amounts, customer and number can no longer be changed. Issue a credit note or void it instead.';
const CLOSED_MESSAGE = { void: 'This invoice is void and can no longer be changed', credited: 'This invoice is fully credited and can no longer be changed' } as const;
const BACK_TO_DRAFT = 'A sent invoice cannot go back to draft';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A locked invoice (docs/rules/records.md#locked-invoices) takes the same lines, discounts, tax rates, tax, customer
 * and number again (the form sends every field), and changes to its due date, notes, links and status; anything that
 * would change what the books hold is a 409.
 */
async function refuseAmountChanges(tx: DbOrTx, current: InvoiceRow, input: UpdateInvoice) {
  const changed: string[] = [];
  if (input.customerId !== undefined && input.customerId !== current.customerId) changed.push('customerId');
  if (input.invoiceNumber !== undefined && input.invoiceNumber !== current.invoiceNumber) changed.push('invoiceNumber');
  const rated = current.taxes.length > 0 || (input.lineItems ?? []).some((l) => (l.taxRateIds ?? []).length > 0);
  if (!rated && input.tax !== undefined && toCents(input.tax) !== toCents(current.tax)) changed.push('tax');
  if (documentDiscountChanged(current, input)) changed.push('discount');
  if (input.lineItems) {
    const stored = await storedLines(tx, invoiceLineItems, invoiceLineItems.invoiceId, current);
    if (!sameLines(stored, input.lineItems)) changed.push('lineItems');
  }
  if (input.status === 'draft') changed.push('status');
  if (changed.length === 1 && changed[0] === 'status') throw conflict(BACK_TO_DRAFT);
  if (changed.length > 0) throw conflict(LOCKED_MESSAGE);
}

/**
 * Updates the fields present; lineItems, when present, replace the lines; totals are recomputed.
 * invoiceNumber may rename the invoice to a number not used in the organization (409 otherwise).
 * Becoming paid without a paid date stamps it now.
 */
export async function updateInvoice(db: Db, ctx: RequestContext, id: number, input: UpdateInvoice): Promise<Invoice> {
  try {
    await db.transaction(async (tx) => {
      const current = await lockInvoiceInScope(tx, ctx, id);
      if (current.status === 'void' || current.status === 'credited') throw conflict(CLOSED_MESSAGE[current.status]);
      const locked = invoiceAmountsLocked(current);
      if (locked) await refuseAmountChanges(tx, current, input);
      const organizationId = current.organizationId;
      const customerId = input.customerId ?? current.customerId;
      if (customerId !== current.customerId) await customerInOrganization(tx, organizationId, customerId);
      const workOrderId = input.workOrderId === undefined ? current.workOrderId : input.workOrderId;
      const estimateId = input.estimateId === undefined ? current.estimateId : input.estimateId;
      if (workOrderId && (workOrderId !== current.workOrderId || customerId !== current.customerId)) {
        await checkWorkOrderRef(tx, organizationId, customerId, workOrderId);
      }
      if (estimateId && estimateId !== current.estimateId) await checkEstimateRef(tx, organizationId, estimateId);

      const renamed = input.invoiceNumber !== undefined && input.invoiceNumber !== current.invoiceNumber;
      if (renamed) {
        const [taken] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.organizationId, organizationId), eq(invoices.invoiceNumber, input.invoiceNumber!), ne(invoices.id, id)))
          .limit(1);
        if (taken) throw conflict(NUMBER_TAKEN);
      }

      // A locked invoice keeps its figures; a draft is priced again when anything they depend on is sent.
      const priced = locked ? null : await repriced(tx, invoiceLineItems, invoiceLineItems.invoiceId, current, { ...input, customerId });
      // A draft carrying its quote's deposit is edited freely, never below what was paid (docs/rules/quote-approval.md#deposits).
      if (priced && toCents(priced.figures.total) < toCents(current.amountPaid)) {
        const message = `The total cannot be less than the ${formatMoney(current.amountPaid)} deposit already paid`;
        throw invalid(`lineItems: ${message}`, [{ path: 'lineItems', message }]);
      }
      const status = input.status ?? current.status;
      let paidDate = input.paidDate === undefined ? current.paidDate : input.paidDate;
      if (status === 'paid' && !paidDate) paidDate = new Date();

      await tx
        .update(invoices)
        .set({
          invoiceNumber: renamed ? input.invoiceNumber : current.invoiceNumber,
          customerId,
          workOrderId,
          estimateId,
          status,
          ...(priced && figureColumns(priced.figures)),
          dueDate: input.dueDate === undefined ? current.dueDate : input.dueDate,
          paidDate,
          notes: input.notes === undefined ? current.notes : input.notes,
        })
        .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));

      if (priced && input.lineItems) {
        await tx.delete(invoiceLineItems).where(and(eq(invoiceLineItems.organizationId, organizationId), eq(invoiceLineItems.invoiceId, id)));
        if (priced.lines.length > 0) {
          await tx.insert(invoiceLineItems).values(priced.lines.map((l) => ({ ...lineValuesOf(l), organizationId, invoiceId: id })));
        }
      }
      await emitInvoiceStatusEvents(tx, organizationId, id, current.status, status);
      if (renamed) {
        await writeAudit(tx, ctx, {
          action: 'invoice.renumbered',
          entityType: 'invoice',
          entityId: id,
          organizationId,
          details: { from: current.invoiceNumber, to: input.invoiceNumber },
        });
      }
    });
  } catch (err) {
    // Two renames racing to the same number: the unique index decides.
    if (pgErrorCode(err) === '23505') throw conflict(NUMBER_TAKEN);
    throw err;
  }
  return getInvoice(db, ctx, id);
}
