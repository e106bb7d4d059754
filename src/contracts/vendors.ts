// Vendors (Pay Bills) and vendor payments: the forms' rules (docs/rules/records.md#vendor-form) and the API shapes
// (section 7), shared by the server and the React forms.
import { z } from 'zod';
import { parseInstant } from './dates';
import { listQuerySchema } from './lists';
import { fromCents, MAX_CENTS, toCents } from './money';

/** Six values (docs/rules/records.md#vendor-form). */
export const VENDOR_PAYMENT_TERMS = ['net15', 'net30', 'net60', 'net90', 'due_on_receipt', 'cash_on_delivery'] as const;
export type VendorPaymentTerms = (typeof VENDOR_PAYMENT_TERMS)[number];

/** The form sends '' (docs/rules/records.md#vendor-payment-form); these are the payment methods a bill may also be recorded with. */
export const VENDOR_PAYMENT_METHODS = ['cash', 'check', 'credit_card', 'bank_transfer', 'wire_transfer', 'ach'] as const;
export type VendorPaymentMethod = (typeof VENDOR_PAYMENT_METHODS)[number];

/** The Recent Payments panel shows the 10 most recent (docs/rules/records.md#vendors). */
export const RECENT_VENDOR_PAYMENTS = 10;

export const VENDOR_LIMITS = {
  name: 200,
  email: 254,
  phone: 30,
  address: 500,
  companyName: 200,
  taxId: 50,
  notes: 10_000,
  reference: 100,
  description: 1000,
} as const;

const atMost = (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters`;

export const VENDOR_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: atMost('Name', VENDOR_LIMITS.name),
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  paymentTerms: 'Please choose valid payment terms',
  organization: 'Please choose an organization',
  vendorRequired: 'Please select a vendor',
  amountRequired: 'Amount is required',
  amountNumber: 'Amount must be a number',
  amountPositive: 'Amount must be greater than 0',
  amountDecimals: 'Amount can have at most 2 decimal places',
  amountTooLarge: 'Amount must be at most 99,999,999.99',
  date: 'Please enter a valid date',
  method: 'Please choose a valid payment method',
} as const;

const MAX_INT = 2_147_483_647;

/** Absent stays absent (an update leaves the field alone); null and blank become null. */
const blankToNull = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null || v === '' ? null : v);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, atMost(label, max))
    .nullish()
    .transform(blankToNull);

const vendorNameSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? VENDOR_MESSAGES.nameRequired : 'Name must be text') })
  .trim()
  .min(1, VENDOR_MESSAGES.nameRequired)
  .max(VENDOR_LIMITS.name, VENDOR_MESSAGES.nameTooLong);

const vendorEmailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .max(VENDOR_LIMITS.email, VENDOR_MESSAGES.email)
  .nullish()
  .refine((v) => !v || z.email().safeParse(v).success, VENDOR_MESSAGES.email)
  .transform(blankToNull);

/**
 * Letters are stripped, as the customer phone strips them (docs/features.md, Field rules); what a supplier's number
 * may need stays: +, spaces, ( ) - . and an extension at the end (x12, ext. 12, #12 become " x12").
 */
export function cleanVendorPhone(v: string): string {
  const ext = /\s*(?:ext\.?|extension|x|#)\s*(\d+)\s*$/i.exec(v);
  const main = (ext ? v.slice(0, ext.index) : v).replace(/[^\d\s()+.-]/g, '').replace(/\s+/g, ' ').trim();
  return ext ? `${main} x${ext[1]}`.trim() : main;
}

/** Toll-free, international or with an extension; text without a single digit is refused rather than dropped. */
const vendorPhoneSchema = z
  .string({ error: 'Phone must be text' })
  .trim()
  .max(VENDOR_LIMITS.phone, atMost('Phone', VENDOR_LIMITS.phone))
  .nullish()
  .refine((v) => !v || /\d/.test(v), VENDOR_MESSAGES.phone)
  .transform((v) => (v ? cleanVendorPhone(v) : v))
  .transform(blankToNull);

/** One of the six terms; blank or null for none (docs/rules/records.md#vendor-form: paymentTerms optional). */
const vendorPaymentTermsSchema = z
  .union([z.enum(VENDOR_PAYMENT_TERMS), z.literal('')], { error: VENDOR_MESSAGES.paymentTerms })
  .nullish()
  .transform((v) => (v === '' ? null : v));

/** Super users choose the organization of a new vendor; ignored for everyone else and on update. */
const organizationIdSchema = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/)], { error: VENDOR_MESSAGES.organization })
  .transform(Number)
  .pipe(z.number().int(VENDOR_MESSAGES.organization).positive(VENDOR_MESSAGES.organization).max(MAX_INT, VENDOR_MESSAGES.organization))
  .nullish();

export const vendorFieldsSchema = z.object({
  name: vendorNameSchema,
  email: vendorEmailSchema,
  phone: vendorPhoneSchema,
  address: optionalText('Address', VENDOR_LIMITS.address),
  companyName: optionalText('Company name', VENDOR_LIMITS.companyName),
  taxId: optionalText('Tax ID', VENDOR_LIMITS.taxId),
  paymentTerms: vendorPaymentTermsSchema,
  notes: optionalText('Notes', VENDOR_LIMITS.notes),
  organizationId: organizationIdSchema,
});
export type VendorFormInput = z.input<typeof vendorFieldsSchema>;

/** POST /api/vendors. */
export const createVendorBodySchema = vendorFieldsSchema;
export type CreateVendorBody = z.infer<typeof createVendorBodySchema>;

/** PUT /api/vendors/:id: the same fields, each optional (left out = unchanged). */
export const updateVendorBodySchema = vendorFieldsSchema.partial();
export type UpdateVendorBody = z.infer<typeof updateVendorBodySchema>;

export const vendorIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });

export const vendorSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  companyName: z.string().nullable(),
  taxId: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;
export const vendorListSchema = z.array(vendorSchema);

// ---------------------------------------------------------------------------------------------------
// Vendor payments

const DECIMAL_INPUT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Required money: a decimal string or number, more than 0, at most 2 decimals, fits numeric(10,2).
 * Out: "1234.50". Left without `.nullish()` so the update body's `.optional()` skips it when absent.
 */
const amountSchema = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? VENDOR_MESSAGES.amountRequired : VENDOR_MESSAGES.amountNumber),
  })
  .transform((v, ctx): string => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    };
    const text = typeof v === 'number' ? (Number.isFinite(v) && Math.abs(v) < 1e15 ? String(v) : 'NaN') : v.trim();
    if (text === '') return fail(VENDOR_MESSAGES.amountRequired);
    if (text.startsWith('-')) return fail(VENDOR_MESSAGES.amountPositive);
    if (!DECIMAL_INPUT.test(text) || text.length > 30) return fail(VENDOR_MESSAGES.amountNumber);
    if ((text.split('.')[1] ?? '').length > 2) return fail(VENDOR_MESSAGES.amountDecimals);
    const cents = toCents(text.startsWith('.') ? `0${text}` : text);
    if (cents <= 0) return fail(VENDOR_MESSAGES.amountPositive);
    if (cents > MAX_CENTS) return fail(VENDOR_MESSAGES.amountTooLarge);
    return fromCents(cents);
  });

/** A vendor id as a number or a digit string (the select's value). */
const vendorIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: VENDOR_MESSAGES.vendorRequired })
    .int(VENDOR_MESSAGES.vendorRequired)
    .positive(VENDOR_MESSAGES.vendorRequired)
    .max(MAX_INT, VENDOR_MESSAGES.vendorRequired),
);

/**
 * 'YYYY-MM-DD' (midnight UTC) or an ISO instant. Blank or null means today (docs/rules/records.md#vendor-payment-form: the
 * date defaults to today); absent on an update leaves it unchanged.
 */
const paymentDateSchema = z
  .string({ error: VENDOR_MESSAGES.date })
  .trim()
  .max(40, VENDOR_MESSAGES.date)
  .nullish()
  .transform((v, ctx): Date | null | undefined => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const d = parseInstant(v);
    if (!d) {
      ctx.issues.push({ code: 'custom', message: VENDOR_MESSAGES.date, input: v });
      return z.NEVER;
    }
    return d;
  });

/** '' (what the form sends) or null for none, or one of the methods. */
const methodSchema = z
  .union([z.enum(VENDOR_PAYMENT_METHODS), z.literal('')], { error: VENDOR_MESSAGES.method })
  .nullish()
  .transform((v) => (v === '' ? null : v));

export const vendorPaymentFieldsSchema = z.object({
  /** Must be a vendor of the caller's organization; the payment takes the vendor's organization and name. */
  vendorId: vendorIdSchema,
  amount: amountSchema,
  paymentDate: paymentDateSchema,
  method: methodSchema,
  reference: optionalText('Reference', VENDOR_LIMITS.reference),
  description: optionalText('Description', VENDOR_LIMITS.description),
  notes: optionalText('Notes', VENDOR_LIMITS.notes),
});
export type VendorPaymentFormInput = z.input<typeof vendorPaymentFieldsSchema>;

/** POST /api/vendor-payments. */
export const createVendorPaymentBodySchema = vendorPaymentFieldsSchema;
export type CreateVendorPaymentBody = z.infer<typeof createVendorPaymentBodySchema>;

/** PUT /api/vendor-payments/:id: fields left out stay as they are. */
export const updateVendorPaymentBodySchema = vendorPaymentFieldsSchema.partial();
export type UpdateVendorPaymentBody = z.infer<typeof updateVendorPaymentBodySchema>;

export const vendorPaymentIdParamsSchema = vendorIdParamsSchema;

/** The list query plus an optional vendor to narrow to. Newest paymentDate first. */
export const vendorPaymentListQuerySchema = listQuerySchema.extend({
  vendorId: z.coerce.number().int().positive().max(MAX_INT).optional(),
});
export type VendorPaymentListQuery = z.infer<typeof vendorPaymentListQuerySchema>;

export const vendorPaymentSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  vendorId: z.number().int(),
  vendorName: z.string().nullable(),
  /** Decimal string ("1234.50"). */
  amount: z.string(),
  paymentDate: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorPayment = z.infer<typeof vendorPaymentSchema>;
export const vendorPaymentListSchema = z.array(vendorPaymentSchema);
