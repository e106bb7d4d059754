// The words an export writes besides the documents' own: what a payment or refund line says, and the README each zip
// carries so whoever imports it knows which file goes where (docs/rules/data-exchange.md#accounting-files).
import type { AccountingFormat } from '../../../contracts/accounting';
import { PAYMENT_METHOD_LABELS } from '../../../contracts/payments';
import { statusLabel } from '../../../contracts/format';
import type { KeptMapping } from './accounting-settings';
import type { ZipEntry } from './export-files';
import type { ExportMoney } from './load-export-records';

const METHOD_LABELS: Readonly<Record<string, string>> = PAYMENT_METHOD_LABELS;

/** "Check", "Credit Card"; a method recorded before the list (or by a processor) in words. */
export function methodLabel(method: string | null): string {
  if (!method) return '';
  return Object.hasOwn(METHOD_LABELS, method) ? METHOD_LABELS[method] : statusLabel(method);
}

/** "Payment from Pat Customer for INV-00001 (Check 1042)", "Refund to Pat Customer for INV-00001: Cancelled". */
export function moneyMemo(p: ExportMoney, kind: 'payment' | 'refund'): string {
  const forInvoice = p.invoiceNumber ? ` for ${p.invoiceNumber}` : '';
  if (kind === 'refund') return `Refund to ${p.customerName}${forInvoice}${p.notes ? `: ${p.notes}` : ''}`;
  const how = [methodLabel(p.method), p.reference ?? ''].filter(Boolean).join(' ');
  return `Payment from ${p.customerName}${forInvoice}${how ? ` (${how})` : ''}`;
}

const filesLike = (entries: readonly ZipEntry[], base: string) => entries.filter((e) => e.name === `${base}.csv` || e.name.startsWith(`${base}-`)).map((e) => e.name);

function steps(format: AccountingFormat, m: KeptMapping, entries: readonly ZipEntry[]): string[] {
  const list = (base: string) => filesLike(entries, base).join(', ');
  const out: string[] = [];
  if (format === 'qbo_csv') {
    if (list('invoices')) {
      out.push(
        `${list('invoices')}: Settings > Import data > Invoices. Amounts exclude tax; ItemTaxCode is the tax code of each line ` +
          `and ItemTaxAmount its tax. Invoice numbers are the ones your customers received.`,
      );
    }
    if (list('credit-memos')) {
      out.push(
        `${list('credit-memos')}: Settings > Import data > Journal entries. Each credit note debits ${m.incomeAccount} and ` +
          `${m.salesTaxAccount} and credits ${m.receivablesAccount} for the customer named.`,
      );
    }
    if (list('payments')) out.push(`${list('payments')}: Banking > Upload from file into ${m.depositAccount}, then match each line to its invoice.`);
    if (list('refunds')) out.push(`${list('refunds')}: Banking > Upload from file into ${m.depositAccount}; each refund is money out.`);
  } else {
    if (list('invoices')) out.push(`${list('invoices')}: Sales > Invoices > Import. Choose "Tax exclusive": TaxAmount is each line's tax.`);
    if (list('credit-notes')) out.push(`${list('credit-notes')}: Sales > Credit notes > Import, "Tax exclusive"; Reference is the invoice credited.`);
    if (list('bank-statement')) {
      out.push(`${list('bank-statement')}: Bank account ${m.depositAccount} > Import a statement. Payments are money in, refunds money out.`);
    }
  }
  return out;
}

export function readmeText(format: 'qbo_csv' | 'xero_csv', m: KeptMapping, entries: readonly ZipEntry[], period: { from: string; to: string }): string {
  const lines = [
    `Accounting export for ${period.from} to ${period.to} (days in the organization's time zone).`,
    'Dates are MM/DD/YYYY. Each record is in one export only: an export of the same days again holds only what is new.',
    '',
    ...steps(format, m, entries).map((s) => `- ${s}`),
    '',
  ];
  return lines.join('\r\n');
}
