// QuickBooks Online (docs/rules/data-exchange.md#quickbooks-online-csv): a zip of CSVs. Invoices in QuickBooks
// Online's own invoice import; credit notes as journal entries (its import takes no credit memos and no negative
// amounts); payments and refunds as bank transactions to upload into the deposit account and match.
import { fromCents } from '../../../contracts/money';
import { paymentTermsLabel } from '../documents/document-parties';
import type { CodeBook } from './export-codes';
import { csvEntries, exportFileName, money, usDate, zipFile, type ExportFile, type ZipEntry } from './export-files';
import type { ExportMoney, ExportRecords } from './load-export-records';
import { moneyMemo, readmeText } from './export-texts';

export const QBO_INVOICE_HEADER = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
] as const;
export const QBO_JOURNAL_HEADER = ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'] as const;
/** The three-column bank file QuickBooks Online's Upload from file reads. */
export const QBO_BANK_HEADER = ['Date', 'Description', 'Amount'] as const;

/** QuickBooks Online imports at most 100 invoices and 1,000 rows a file; its bank and journal uploads 1,000 rows. */
const INVOICE_LIMITS = { maxGroups: 100, maxRows: 1000 };
const ROW_LIMITS = { maxGroups: 1000, maxRows: 1000 };

const terms = (t: string | null) => (t ? paymentTermsLabel(t) : '');

/** A journal line: a positive figure is a debit, a negative one a credit, zero no line. */
function journalLine(no: string, date: string, account: string, cents: number, description: string, name: string): string[][] {
  if (cents === 0) return [];
  return [[no, date, account, cents > 0 ? money(cents) : '', cents < 0 ? money(-cents) : '', description, name]];
}

export function qboCsvFile(records: ExportRecords, codes: CodeBook, period: { from: string; to: string }, exportId: number): ExportFile {
  const m = codes.mapping;
  const entries: ZipEntry[] = [];

  const invoiceGroups = records.invoices.map((inv) =>
    inv.books.lines.map((l) => [
      inv.number,
      inv.customer.name,
      usDate(inv.date),
      usDate(inv.dueDate ?? inv.date),
      terms(inv.customer.paymentTerms),
      '',
      '',
      '',
      l.description,
      l.quantity,
      l.unitAmount,
      money(l.amount),
      codes.lineCode(l.taxKey),
      money(l.tax),
    ]),
  );
  if (invoiceGroups.length) entries.push(...csvEntries('invoices', QBO_INVOICE_HEADER, invoiceGroups, INVOICE_LIMITS));

  // A credit note undoes part of a sale: income and tax debited, the customer's receivable credited.
  const journalGroups = records.creditNotes.map((cn) => {
    const date = usDate(cn.date);
    const memo = `Credit note ${cn.number}${cn.invoiceNumber ? ` for ${cn.invoiceNumber}` : ''}: ${cn.reason}`;
    const income = cn.books.lines.reduce((s, l) => s + l.amount, 0);
    const tax = cn.books.taxes.reduce((s, t) => s + t.amount, 0);
    return [
      ...journalLine(cn.number, date, m.incomeAccount, income, memo, ''),
      ...journalLine(cn.number, date, m.salesTaxAccount, tax, memo, ''),
      ...journalLine(cn.number, date, m.receivablesAccount, -cn.books.total, memo, cn.customer.name),
    ];
  });
  if (journalGroups.length) entries.push(...csvEntries('credit-memos', QBO_JOURNAL_HEADER, journalGroups, ROW_LIMITS));

  const bank = (rows: ExportMoney[], sign: 1 | -1, kind: 'payment' | 'refund') =>
    rows.map((p) => [[usDate(p.date), moneyMemo(p, kind), fromCents(sign * p.amount)]]);
  if (records.payments.length) entries.push(...csvEntries('payments', QBO_BANK_HEADER, bank(records.payments, 1, 'payment'), ROW_LIMITS));
  if (records.refunds.length) entries.push(...csvEntries('refunds', QBO_BANK_HEADER, bank(records.refunds, -1, 'refund'), ROW_LIMITS));

  entries.push({ name: 'README.txt', text: readmeText('qbo_csv', m, entries, period) });
  return zipFile(exportFileName('quickbooks-online', period, exportId, 'zip'), entries);
}
