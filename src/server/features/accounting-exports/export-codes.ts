// The accounts and tax codes one export writes, checked before anything is written: an export never goes out with
// a line whose tax code the organization has not chosen (docs/rules/data-exchange.md#accounting-mapping).
import { ACCOUNT_FIELD_LABELS, ACCOUNTING_FORMAT_LABELS, REQUIRED_ACCOUNT_FIELDS, type AccountingFormat } from '../../../contracts/accounting';
import { conflict } from '../../platform/errors';
import type { KeptMapping } from './accounting-settings';
import type { ExportRecords } from './load-export-records';
import type { RateNames } from './tax-code-rows';

export interface CodeBook {
  mapping: KeptMapping;
  /** The code of what a line carries; the untaxed code for none. */
  lineCode(key: string | null): string;
  /** The code of one rate (or of the tax typed by hand). */
  rateCode(key: string): string;
}

export const SETTINGS_MISSING = 'Choose the accounts and tax codes in the accounting settings before the first export';

/** The tax code keys the format writes: what each line carries (CSV formats), or each tax of a document (IIF). */
function neededKeys(format: AccountingFormat, records: ExportRecords): Set<string> {
  const keys = new Set<string>();
  for (const doc of [...records.invoices, ...records.creditNotes]) {
    if (format === 'qbo_iif') for (const t of doc.books.taxes) keys.add(t.key);
    else for (const l of doc.books.lines) if (l.taxKey) keys.add(l.taxKey);
  }
  return keys;
}

export function codeBook(format: AccountingFormat, mapping: KeptMapping | null, records: ExportRecords, names: RateNames): CodeBook {
  if (!mapping) throw conflict(SETTINGS_MISSING);
  const missingField = REQUIRED_ACCOUNT_FIELDS[format].find((f) => !mapping[f]);
  if (missingField) {
    throw conflict(`Choose the ${ACCOUNT_FIELD_LABELS[missingField].toLowerCase()} in the accounting settings: ${ACCOUNTING_FORMAT_LABELS[format]} exports need it`);
  }
  const missing = [...neededKeys(format, records)].filter((k) => !mapping.taxCodes[k]);
  if (missing.length > 0) {
    throw conflict(`Choose the tax code for ${missing.map((k) => names.labelOf(k)).join(', ')} in the accounting settings before exporting`);
  }
  return {
    mapping,
    lineCode: (key) => (key ? mapping.taxCodes[key] : mapping.noTaxCode),
    rateCode: (key) => mapping.taxCodes[key],
  };
}
