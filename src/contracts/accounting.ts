// Accounting exports (docs/rules/data-exchange.md#accounting-exports): the period's invoices, credit notes, payments and
// refunds in a format an accountant imports, with the accounts and tax codes the organization maps once.
import { z } from 'zod';
import { isCalendarDate } from './dates';
import { formatDate } from './format';

export const ACCOUNTING_FORMATS = ['qbo_csv', 'qbo_iif', 'xero_csv'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

export const ACCOUNTING_FORMAT_LABELS: Record<AccountingFormat, string> = {
  qbo_csv: 'QuickBooks Online (CSV)',
  qbo_iif: 'QuickBooks Desktop (IIF)',
  xero_csv: 'Xero (CSV)',
};

/** The account fields of a mapping, in the order the settings show them. */
export const ACCOUNT_FIELDS = ['incomeAccount', 'receivablesAccount', 'depositAccount', 'salesTaxAccount', 'noTaxCode'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export const ACCOUNT_FIELD_LABELS: Record<AccountField, string> = {
  incomeAccount: 'Income account',
  receivablesAccount: 'Accounts receivable',
  depositAccount: 'Deposit account',
  salesTaxAccount: 'Sales tax liability account',
  noTaxCode: 'Tax code for untaxed lines',
};

/**
 * Which account fields each format writes into its files (docs/rules/data-exchange.md#accounting-mapping): Xero
 * books receivables and tax itself, so it needs neither the receivables nor the sales tax account; IIF marks an
 * untaxed line TAXABLE N and needs no code for it.
 */
export const REQUIRED_ACCOUNT_FIELDS: Record<AccountingFormat, readonly AccountField[]> = {
  qbo_csv: ['incomeAccount', 'receivablesAccount', 'depositAccount', 'salesTaxAccount', 'noTaxCode'],
  qbo_iif: ['incomeAccount', 'receivablesAccount', 'depositAccount', 'salesTaxAccount'],
  xero_csv: ['incomeAccount', 'depositAccount', 'noTaxCode'],
};

export const ACCOUNT_NAME_MAX = 100;
/** Rates, the sets of rates lines carry, and the tax typed by hand: far more than an organization's 50 rates make. */
export const MAX_TAX_CODES = 300;

/** What a tax code stands for: a rate id, several rate ids a line carries together ("3+7", ascending), or `manual`. */
export const TAX_CODE_KEY = /^(?:\d{1,10}(?:\+\d{1,10}){0,4}|manual)$/;

/** The key of the tax typed by hand on documents whose lines carry no rate. */
export const MANUAL_TAX_KEY = 'manual';

/** An account name or tax code: a tab or line break would split a row of the files it goes into. */
const codeText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(ACCOUNT_NAME_MAX, `${label} must be at most ${ACCOUNT_NAME_MAX} characters`)
    .refine((v) => !/[\t\r\n]/.test(v), `${label} must not contain tabs or line breaks`);

export const taxCodeEntrySchema = z.object({
  key: z.string({ error: 'Tax code key is required' }).regex(TAX_CODE_KEY, 'Tax code key must be a tax rate id, ids joined by +, or manual'),
  /** Blank: none chosen (refused where the rate needs one). */
  code: codeText('Tax code'),
});
export type TaxCodeEntry = z.infer<typeof taxCodeEntrySchema>;

export const accountMappingSchema = z.object({
  incomeAccount: codeText('Income account'),
  receivablesAccount: codeText('Accounts receivable'),
  depositAccount: codeText('Deposit account'),
  salesTaxAccount: codeText('Sales tax liability account'),
  noTaxCode: codeText('Tax code for untaxed lines'),
  taxCodes: z
    .array(taxCodeEntrySchema, { error: 'Tax codes must be a list' })
    .max(MAX_TAX_CODES, `At most ${MAX_TAX_CODES} tax codes`)
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((e, i) => {
        if (seen.has(e.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'Each tax code key once' });
        seen.add(e.key);
      });
    }),
});
export type AccountMapping = z.infer<typeof accountMappingSchema>;

const formatInput = z.enum(ACCOUNTING_FORMATS, { error: `Format must be one of ${ACCOUNTING_FORMATS.join(', ')}` });

/** PUT /api/accounting/settings: the format exports use unless they name another, and the mapping. */
export const accountingSettingsBodySchema = z.object({ format: formatInput, mapping: accountMappingSchema });
export type AccountingSettingsBodyInput = z.input<typeof accountingSettingsBodySchema>;
export type AccountingSettingsBody = z.output<typeof accountingSettingsBodySchema>;

export const TAX_CODE_KINDS = ['rate', 'combination', 'manual'] as const;

/** A tax code the settings ask for: each active rate, each set of rates lines carry, the tax typed by hand. */
export const taxCodeRowSchema = z.object({
  key: z.string(),
  /** "State 6.25 %", "State 6.25 % + City 2 %", "Tax typed by hand". */
  label: z.string(),
  kind: z.enum(TAX_CODE_KINDS),
  /** Lines of documents not yet exported carry it. */
  inUse: z.boolean(),
});
export type TaxCodeRow = z.infer<typeof taxCodeRowSchema>;

/** GET /api/accounting/settings: null mapping until an admin first saves one. */
export const accountingSettingsSchema = z.object({
  format: z.enum(ACCOUNTING_FORMATS),
  mapping: accountMappingSchema.nullable(),
  taxCodeRows: z.array(taxCodeRowSchema),
  /** The organization's zone, which decides the day a record falls on. */
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

/** The longest period one export covers. */
export const MAX_EXPORT_DAYS = 366;

export const EXPORT_MESSAGES = {
  date: 'Use the YYYY-MM-DD date format',
  order: 'The end date must be on or after the start date',
  tooLong: `A period is at most ${MAX_EXPORT_DAYS} days: export a longer one a year at a time`,
} as const;

const exportDate = z.string({ error: EXPORT_MESSAGES.date }).refine(isCalendarDate, EXPORT_MESSAGES.date);

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** POST /api/accounting/exports: the period's days in the organization's zone, both included. */
export const createAccountingExportSchema = z
  .object({
    from: exportDate,
    to: exportDate,
    /** The settings' format when absent. */
    format: formatInput.optional(),
  })
  .superRefine((v, ctx) => {
    if (!isCalendarDate(v.from) || !isCalendarDate(v.to)) return;
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.order });
    else if (dayNumber(v.to) - dayNumber(v.from) + 1 > MAX_EXPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.tooLong });
  });
export type CreateAccountingExportInput = z.input<typeof createAccountingExportSchema>;
export type CreateAccountingExport = z.output<typeof createAccountingExportSchema>;

export const exportCountsSchema = z.object({
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  payments: z.number().int(),
  refunds: z.number().int(),
  /** Records of the period an earlier export already contained. */
  leftOut: z.number().int(),
});
export type ExportCounts = z.infer<typeof exportCountsSchema>;

export const accountingExportSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  format: z.enum(ACCOUNTING_FORMATS),
  periodFrom: z.string(),
  periodTo: z.string(),
  counts: exportCountsSchema,
  fileName: z.string(),
  /** Bytes of the file. */
  size: z.number().int(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AccountingExport = z.infer<typeof accountingExportSchema>;

export const accountingExportListSchema = z.array(accountingExportSchema);

/** What POST answers: the export (201), or none and why (200) when the period had nothing new. */
export const accountingExportResultSchema = z.object({
  export: accountingExportSchema.nullable(),
  message: z.string(),
  counts: exportCountsSchema,
});
export type AccountingExportResult = z.infer<typeof accountingExportResultSchema>;

/** Whether the format needs a code for the row: QuickBooks Desktop books tax per rate, never per set of rates. */
export function taxCodeNeeded(format: AccountingFormat, row: TaxCodeRow): boolean {
  return row.kind !== 'combination' || format !== 'qbo_iif';
}

/**
 * What a mapping lacks for the format and the rows the organization needs codes for
 * (docs/rules/data-exchange.md#accounting-mapping): the server's check, and the settings form's before it sends.
 */
export function mappingIssues(body: AccountingSettingsBody, rows: readonly TaxCodeRow[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const field of REQUIRED_ACCOUNT_FIELDS[body.format]) {
    if (!body.mapping[field]) issues.push({ path: ['mapping', field], message: `Enter the ${ACCOUNT_FIELD_LABELS[field].toLowerCase()}` });
  }
  for (const row of rows) {
    if (!taxCodeNeeded(body.format, row)) continue;
    const i = body.mapping.taxCodes.findIndex((e) => e.key === row.key);
    if (i >= 0 && body.mapping.taxCodes[i].code) continue;
    issues.push({ path: i >= 0 ? ['mapping', 'taxCodes', i, 'code'] : ['mapping', 'taxCodes'], message: `Enter the tax code for ${row.label}` });
  }
  return issues;
}

/** "Mar 1, 2026 - Mar 31, 2026", or the one day. */
export function describePeriod(from: string, to: string): string {
  const day = (d: string) => formatDate(`${d}T00:00:00.000Z`);
  return from === to ? day(from) : `${day(from)} - ${day(to)}`;
}
