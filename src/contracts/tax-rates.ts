// Tax rates and how an organization prices (docs/rules/money-and-payments.md#taxes-and-discounts).
import { z } from 'zod';
import { TAX_ROUNDING } from './money';

export const TAX_RATE_NAME_MAX = 60;

/** A percent from 0 to 100 with at most four decimals (8.875 %), sent as a number or a string. */
export const percentInput = z
  .union([z.number(), z.string().trim().max(12)], { error: 'Percent must be a number' })
  .transform((v, ctx): string => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v;
    if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Percent must be a number with at most 4 decimals', input: v });
      return z.NEVER;
    }
    if (Number(text) > 100) {
      ctx.addIssue({ code: 'custom', message: 'Percent must be at most 100', input: v });
      return z.NEVER;
    }
    return text;
  });

const nameInput = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(TAX_RATE_NAME_MAX, `Name must be at most ${TAX_RATE_NAME_MAX} characters`);

/** POST /api/tax-rates. */
export const createTaxRateSchema = z.object({
  name: nameInput,
  percent: percentInput,
  /** New lines on the forms start with the default rates ticked. */
  isDefault: z.boolean({ error: 'Default must be true or false' }).optional(),
});
export type CreateTaxRateInput = z.input<typeof createTaxRateSchema>;
export type CreateTaxRate = z.output<typeof createTaxRateSchema>;

/**
 * PUT /api/tax-rates/:id: documents keep the name and percent they were written with, so a change applies to what is
 * written from now on. `archived` hides the rate from the forms (it cannot be deleted while documents name it).
 */
export const updateTaxRateSchema = z.object({
  name: nameInput.optional(),
  percent: percentInput.optional(),
  isDefault: z.boolean({ error: 'Default must be true or false' }).optional(),
  archived: z.boolean({ error: 'Archived must be true or false' }).optional(),
});
export type UpdateTaxRateInput = z.input<typeof updateTaxRateSchema>;
export type UpdateTaxRate = z.output<typeof updateTaxRateSchema>;

export const taxRateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "6.25" */
  percent: z.string(),
  isDefault: z.boolean(),
  archived: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** PUT /api/tax-settings: how the organization's documents are priced from now on. */
export const updateTaxSettingsSchema = z.object({
  pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }).optional(),
  taxRounding: z.enum(TAX_ROUNDING, { error: `Rounding must be one of ${TAX_ROUNDING.join(', ')}` }).optional(),
});
export type UpdateTaxSettingsInput = z.input<typeof updateTaxSettingsSchema>;
export type UpdateTaxSettings = z.output<typeof updateTaxSettingsSchema>;

/** GET /api/tax-settings: the settings and every rate, archived ones last. */
export const taxSettingsSchema = z.object({
  pricesIncludeTax: z.boolean(),
  taxRounding: z.enum(TAX_ROUNDING),
  rates: z.array(taxRateSchema),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const TAX_ROUNDING_LABELS: Record<(typeof TAX_ROUNDING)[number], string> = {
  per_document: 'Once per tax on the document total',
  per_line: 'On each line, then added up',
};
