// QuickBooks Desktop IIF (docs/rules/data-exchange.md#quickbooks-desktop-iif): one tab-separated file of
// transactions, each a TRNS row, its SPL rows and ENDTRNS, every transaction adding up to zero. Invoices and credit
// memos book each line to the income account and each tax to the sales tax account with its tax item; payments go
// to the deposit account; refunds are general journal entries (a check cannot be written from Undeposited Funds).
import { fromCents } from '../../../contracts/money';
import { paymentTermsLabel } from '../documents/document-parties';
import type { CodeBook } from './export-codes';
import { exportFileName, iifText, usDate, type ExportFile } from './export-files';
import { methodLabel, moneyMemo } from './export-texts';
import type { ExportCreditNote, ExportInvoice, ExportRecords } from './load-export-records';

export const IIF_TRNS_HEADER = ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE', 'TERMS', 'PAYMETH'] as const;
export const IIF_SPL_HEADER = ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'QNTY', 'PRICE', 'INVITEM', 'TAXABLE'] as const;

type Row = string[];

/** The fields TRNS and SPL rows share, in the headers' order, then the row's own. */
const row = (kind: 'TRNS' | 'SPL', type: string, date: string, account: string, name: string, cents: number, docNum: string, memo: string, own: string[]): Row => [
  kind,
  '',
  type,
  usDate(date),
  account,
  name,
  fromCents(cents),
  docNum,
  memo,
  ...own,
];

const trns = (type: string, date: string, account: string, name: string, cents: number, docNum: string, memo: string, extra: { due?: string; terms?: string; payMethod?: string } = {}): Row =>
  row('TRNS', type, date, account, name, cents, docNum, memo, [extra.due ? usDate(extra.due) : '', extra.terms ?? '', extra.payMethod ?? '']);

const spl = (type: string, date: string, account: string, name: string, cents: number, docNum: string, memo: string, item: { qty?: string; price?: string; invItem?: string; taxable?: boolean } = {}): Row =>
  row('SPL', type, date, account, name, cents, docNum, memo, [item.qty ?? '', item.price ?? '', item.invItem ?? '', item.taxable === undefined ? '' : item.taxable ? 'Y' : 'N']);

/**
 * A document's rows. `sign` 1 for an invoice (the receivable up, income and tax credited: negative splits, as QuickBooks
 * writes them, quantities negative too), -1 for a credit memo (all the other way round).
 */
function documentRows(type: 'INVOICE' | 'CREDIT MEMO', doc: ExportInvoice | ExportCreditNote, memo: string, codes: CodeBook, sign: 1 | -1, due?: { due?: string; terms?: string }): Row[] {
  const m = codes.mapping;
  const rows: Row[] = [trns(type, doc.date, m.receivablesAccount, doc.customer.name, sign * doc.books.total, doc.number, memo, due)];
  for (const l of doc.books.lines) {
    const qty = sign === 1 ? `-${l.quantity}` : l.quantity;
    rows.push(spl(type, doc.date, m.incomeAccount, '', -sign * l.amount, doc.number, l.description, { qty, price: l.unitAmount, taxable: l.taxKey !== null }));
  }
  for (const t of doc.books.taxes) {
    const label = t.percent === null ? t.name : `${t.name} ${t.percent} %`;
    rows.push(spl(type, doc.date, m.salesTaxAccount, '', -sign * t.amount, doc.number, label, { price: t.percent === null ? '' : `${t.percent}%`, invItem: codes.rateCode(t.key), taxable: false }));
  }
  rows.push(['ENDTRNS']);
  return rows;
}

export function iifFile(records: ExportRecords, codes: CodeBook, period: { from: string; to: string }, exportId: number): ExportFile {
  const m = codes.mapping;
  const rows: Row[] = [[...IIF_TRNS_HEADER], [...IIF_SPL_HEADER], ['!ENDTRNS']];
  for (const inv of records.invoices) {
    const terms = inv.customer.paymentTerms ? paymentTermsLabel(inv.customer.paymentTerms) : '';
    rows.push(...documentRows('INVOICE', inv, '', codes, 1, { due: inv.dueDate ?? inv.date, terms }));
  }
  for (const cn of records.creditNotes) {
    const memo = `${cn.invoiceNumber ? `For ${cn.invoiceNumber}: ` : ''}${cn.reason}`;
    rows.push(...documentRows('CREDIT MEMO', cn, memo, codes, -1));
  }
  for (const p of records.payments) {
    const memo = moneyMemo(p, 'payment');
    rows.push(
      trns('PAYMENT', p.date, m.depositAccount, p.customerName, p.amount, p.reference ?? '', memo, { payMethod: methodLabel(p.method) }),
      spl('PAYMENT', p.date, m.receivablesAccount, p.customerName, -p.amount, p.reference ?? '', memo),
      ['ENDTRNS'],
    );
  }
  for (const r of records.refunds) {
    const memo = moneyMemo(r, 'refund');
    rows.push(
      trns('GENERAL JOURNAL', r.date, m.depositAccount, r.customerName, -r.amount, '', memo),
      spl('GENERAL JOURNAL', r.date, m.receivablesAccount, r.customerName, r.amount, '', memo),
      ['ENDTRNS'],
    );
  }
  return {
    fileName: exportFileName('quickbooks-desktop', period, exportId, 'iif'),
    contentType: 'text/plain; charset=utf-8',
    data: Buffer.from(iifText(rows), 'utf8'),
  };
}
