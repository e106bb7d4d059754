// An accounting export as the API shows it (without its file), and the sentence that says what it holds.
import { eq, sql } from 'drizzle-orm';
import type { AccountingExport, AccountingFormat, ExportCounts } from '../../../contracts/accounting';
import { accountingExports, users } from '../../db/schema/index';

export const exportColumns = {
  id: accountingExports.id,
  organizationId: accountingExports.organizationId,
  format: accountingExports.format,
  periodFrom: accountingExports.periodFrom,
  periodTo: accountingExports.periodTo,
  counts: accountingExports.counts,
  fileName: accountingExports.fileName,
  size: sql<number>`octet_length(${accountingExports.data})`.mapWith(Number),
  createdAt: accountingExports.createdAt,
  creatorId: users.id,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  creatorEmail: users.email,
};

export const creatorJoin = eq(users.id, accountingExports.createdBy);

export const EMPTY_COUNTS: ExportCounts = { invoices: 0, creditNotes: 0, payments: 0, refunds: 0, leftOut: 0 };

interface Row {
  id: number;
  organizationId: number;
  format: AccountingFormat;
  periodFrom: string;
  periodTo: string;
  counts: Record<string, number>;
  fileName: string;
  size: number;
  createdAt: Date;
  creatorId: number | null;
  creatorFirst: string | null;
  creatorLast: string | null;
  creatorEmail: string | null;
}

export function toAccountingExport(r: Row): AccountingExport {
  const name = [r.creatorFirst, r.creatorLast].filter(Boolean).join(' ') || r.creatorEmail || '';
  return {
    id: r.id,
    organizationId: r.organizationId,
    format: r.format,
    periodFrom: r.periodFrom,
    periodTo: r.periodTo,
    counts: { ...EMPTY_COUNTS, ...r.counts },
    fileName: r.fileName,
    size: r.size,
    createdBy: r.creatorId === null ? null : { id: r.creatorId, name },
    createdAt: r.createdAt.toISOString(),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an export holds, in a sentence, and what it left out. */
export function describeCounts(c: ExportCounts): string {
  const held = `${plural(c.invoices, 'invoice', 'invoices')}, ${plural(c.creditNotes, 'credit note', 'credit notes')}, ${plural(c.payments, 'payment', 'payments')} and ${plural(c.refunds, 'refund', 'refunds')}`;
  const left = c.leftOut > 0 ? `; ${plural(c.leftOut, 'record', 'records')} of these days ${c.leftOut === 1 ? 'was' : 'were'} in an earlier export and left out` : '';
  return `${held}${left}`;
}
