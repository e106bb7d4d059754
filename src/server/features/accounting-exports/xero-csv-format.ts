// Xero (docs/rules/data-exchange.md#xero-csv): a zip of CSVs in Xero's own import templates: sales invoices, credit
// notes, and a bank statement of payments (money in) and refunds (money out) for the deposit account.
import { fromCents } from '../../../contracts/money';
import type { CodeBook } from './export-codes';
import { csvEntries, exportFileName, money, usDate, zipFile, type ExportFile, type ZipEntry } from './export-files';
import { readmeText, moneyMemo } from './export-texts';
import type { ExportCreditNote, ExportCustomer, ExportInvoice, ExportRecords } from './load-export-records';

const CONTACT_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
] as const;
const LINE_COLUMNS = [
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

export const XERO_INVOICE_HEADER = [...CONTACT_COLUMNS, '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', ...LINE_COLUMNS] as const;
export const XERO_CREDIT_NOTE_HEADER = [...CONTACT_COLUMNS, '*CreditNoteNumber', 'Reference', '*CreditNoteDate', ...LINE_COLUMNS] as const;
export const XERO_BANK_HEADER = ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'] as const;

/** Xero imports at most 500 invoices (or credit notes) a file, and 1,000 statement lines. */
const DOCUMENT_LIMITS = { maxGroups: 500, maxRows: 100_000 };
const STATEMENT_LIMITS = { maxGroups: 1000, maxRows: 1000 };

const contact = (c: ExportCustomer) => [c.name, c.email ?? '', c.address ?? '', '', '', '', c.city ?? '', c.state ?? '', c.zip ?? '', ''];

/** Currency is left blank: amounts are in the Xero organization's base currency, as the app's are US dollars. */
function lineRows(doc: ExportInvoice | ExportCreditNote, head: string[], codes: CodeBook): string[][] {
  return doc.books.lines.map((l) => [
    ...contact(doc.customer),
    ...head,
    money(doc.books.total),
    '',
    l.description,
    l.quantity,
    l.unitAmount,
    '',
    codes.mapping.incomeAccount,
    codes.lineCode(l.taxKey),
    money(l.tax),
    '',
    '',
    '',
    '',
    '',
    '',
  ]);
}

export function xeroCsvFile(records: ExportRecords, codes: CodeBook, period: { from: string; to: string }, exportId: number): ExportFile {
  const entries: ZipEntry[] = [];
  const invoices = records.invoices.map((inv) => lineRows(inv, [inv.number, '', usDate(inv.date), usDate(inv.dueDate ?? inv.date)], codes));
  if (invoices.length) entries.push(...csvEntries('invoices', XERO_INVOICE_HEADER, invoices, DOCUMENT_LIMITS));
  const notes = records.creditNotes.map((cn) => lineRows(cn, [cn.number, cn.invoiceNumber ?? '', usDate(cn.date)], codes));
  if (notes.length) entries.push(...csvEntries('credit-notes', XERO_CREDIT_NOTE_HEADER, notes, DOCUMENT_LIMITS));

  // One statement in date order: what came in and what went back out of the deposit account.
  const statement = [
    ...records.payments.map((p) => ({ p, sign: 1, memo: moneyMemo(p, 'payment') })),
    ...records.refunds.map((p) => ({ p, sign: -1, memo: moneyMemo(p, 'refund') })),
  ]
    .sort((a, b) => a.p.date.localeCompare(b.p.date) || a.p.id - b.p.id)
    .map(({ p, sign, memo }) => [[usDate(p.date), fromCents(sign * p.amount), p.customerName, memo, p.invoiceNumber ?? '', p.method === 'check' ? (p.reference ?? '') : '']]);
  if (statement.length) entries.push(...csvEntries('bank-statement', XERO_BANK_HEADER, statement, STATEMENT_LIMITS));

  entries.push({ name: 'README.txt', text: readmeText('xero_csv', codes.mapping, entries, period) });
  return zipFile(exportFileName('xero', period, exportId, 'zip'), entries);
}
