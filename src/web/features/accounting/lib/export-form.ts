// The Export form (docs/decisions/015-one-form-pattern.md): the period's preset and days and the format; what it
// sends goes through the contract's schema, so the server's rules and words (a year at most, the end not before the
// start) show on the same fields.
import { z } from 'zod';
import { ACCOUNTING_FORMATS, createAccountingExportSchema } from '@contracts/accounting';

export const exportFormSchema = z
  .object({
    preset: z.enum(['lastMonth', 'thisMonth', 'custom']),
    from: z.string(),
    to: z.string(),
    format: z.enum(ACCOUNTING_FORMATS),
  })
  .superRefine((v, ctx) => {
    if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date' });
    if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date' });
  })
  .transform((v): unknown => ({ from: v.from, to: v.to, format: v.format }))
  .pipe(createAccountingExportSchema);

export type ExportFormValues = z.input<typeof exportFormSchema>;

/** The fields the server's issues land on. */
export const EXPORT_FORM_FIELDS = ['from', 'to', 'format'] as const;
