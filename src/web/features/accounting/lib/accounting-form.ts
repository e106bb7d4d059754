// The accounting settings form (docs/decisions/015-one-form-pattern.md): the fields hold the contract's body, with
// one tax code per row the server lists, and the form adds what the server checks against those rows (the accounts
// the format needs, a code per row), with the server's words and on the server's paths
// (docs/rules/data-exchange.md#accounting-mapping).
import { z } from 'zod';
import { ACCOUNT_FIELD_LABELS, accountingSettingsBodySchema, mappingIssues, type AccountingSettings, type TaxCodeRow } from '@contracts/accounting';

export type AccountingFormValues = z.input<typeof accountingSettingsBodySchema>;

export function accountingFormSchema(rows: readonly TaxCodeRow[]) {
  return accountingSettingsBodySchema.superRefine((body, ctx) => {
    for (const issue of mappingIssues(body, rows)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** The fields the server's issues land on. */
export const ACCOUNTING_FORM_FIELDS = ['format', 'mapping'] as const;

/** The saved settings as the form's fields: a code per row, blank where none was chosen yet. */
export function accountingFormValues(settings: AccountingSettings): AccountingFormValues {
  const m = settings.mapping;
  const codes = new Map((m?.taxCodes ?? []).map((e) => [e.key, e.code]));
  return {
    format: settings.format,
    mapping: {
      incomeAccount: m?.incomeAccount ?? '',
      receivablesAccount: m?.receivablesAccount ?? '',
      depositAccount: m?.depositAccount ?? '',
      salesTaxAccount: m?.salesTaxAccount ?? '',
      noTaxCode: m?.noTaxCode ?? '',
      taxCodes: settings.taxCodeRows.map((r) => ({ key: r.key, code: codes.get(r.key) ?? '' })),
    },
  };
}

/** What each account is called in the chosen system, as a hint in the empty field. */
export const ACCOUNT_PLACEHOLDERS: Record<AccountingFormValues['format'], Record<keyof typeof ACCOUNT_FIELD_LABELS, string>> = {
  qbo_csv: { incomeAccount: 'Sales', receivablesAccount: 'Accounts Receivable (A/R)', depositAccount: 'Checking', salesTaxAccount: 'Sales Tax Payable', noTaxCode: 'NON' },
  qbo_iif: { incomeAccount: 'Sales', receivablesAccount: 'Accounts Receivable', depositAccount: 'Undeposited Funds', salesTaxAccount: 'Sales Tax Payable', noTaxCode: 'Non' },
  xero_csv: { incomeAccount: '200', receivablesAccount: '', depositAccount: 'Business Bank Account', salesTaxAccount: '', noTaxCode: 'Tax Exempt' },
};
