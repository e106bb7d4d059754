// Customers: the form's field rules (docs/rules/records.md#customer-form), shared by the server and the React form.
import { z } from 'zod';
import { fromCents, MAX_CENTS, toCents } from './money';
import { listQuerySchema } from './lists';

export const PAYMENT_TERMS = ['net15', 'net30', 'net45', 'net60', 'due_on_receipt'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'net30';

export const PREFERRED_PAYMENT_METHODS = ['card', 'bank_transfer', 'check', 'cash'] as const;
export type PreferredPaymentMethod = (typeof PREFERRED_PAYMENT_METHODS)[number];

export const CUSTOMER_LIMITS = {
  name: 200,
  email: 254,
  phoneDigits: 10,
  address: 500,
  city: 100,
  state: 100,
  zipDigits: 5,
  companyName: 200,
  notes: 10_000,
} as const;

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CUSTOMER_LIMITS.name} characters`,
  email: 'Please enter a valid email address',
  phone: 'Phone must be at most 10 digits',
  zip: 'ZIP code must be digits only, at most 5',
  notesTooLong: 'Notes must be at most 10,000 characters',
  creditLimitNumber: 'Credit limit must be a number',
  creditLimitNegative: 'Credit limit cannot be negative',
  creditLimitDecimals: 'Credit limit can have at most 2 decimal places',
  creditLimitTooLarge: 'Credit limit must be at most 99,999,999.99',
  paymentTerms: 'Please choose valid payment terms',
  paymentMethod: 'Please choose a valid payment method',
  boolean: 'Must be true or false',
  organization: 'Please choose an organization',
} as const;

/** Absent stays absent (an update leaves the field alone); null and blank become null. */
const blankToNull = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null || v === '' ? null : v);

const textError = (label: string) => ({ error: `${label} must be text` });

const optionalText = (label: string, max: number) =>
  z
    .string(textError(label))
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .nullish()
    .transform(blankToNull);

export const customerNameSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? CUSTOMER_MESSAGES.nameRequired : 'Name must be text') })
  .trim()
  .min(1, CUSTOMER_MESSAGES.nameRequired)
  .max(CUSTOMER_LIMITS.name, CUSTOMER_MESSAGES.nameTooLong);

/** Optional; blank becomes null; stored lower-case (a `customer` user is matched to their record by e-mail). */
export const customerEmailSchema = z
  .string(textError('Email'))
  .trim()
  .toLowerCase()
  .max(CUSTOMER_LIMITS.email, CUSTOMER_MESSAGES.email)
  .nullish()
  .refine((v) => !v || z.email().safeParse(v).success, CUSTOMER_MESSAGES.email)
  .transform(blankToNull);

/** Digits only: formatting characters are stripped; more than 10 digits is refused. */
export const customerPhoneSchema = z
  .string(textError('Phone'))
  .nullish()
  .transform((v) => (v == null ? v : v.replace(/\D/g, '')))
  .refine((v) => v == null || v.length <= CUSTOMER_LIMITS.phoneDigits, CUSTOMER_MESSAGES.phone)
  .transform(blankToNull);

/** Up to 5 digits. */
export const customerZipSchema = z
  .string(textError('ZIP code'))
  .trim()
  .nullish()
  .refine((v) => !v || /^\d{1,5}$/.test(v), CUSTOMER_MESSAGES.zip)
  .transform(blankToNull);

const DECIMAL_INPUT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Decimal string or number; blank or null -> null; at least 0; fits numeric(10,2). Out: "1500.00" or null. */
export const creditLimitSchema = z
  .union([z.string(), z.number()], { error: CUSTOMER_MESSAGES.creditLimitNumber })
  .nullish()
  .transform((v, ctx): string | null | undefined => {
    if (v === undefined || v === null) return v;
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : v.trim();
    if (text === '') return null;
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    };
    if (text.startsWith('-')) return fail(CUSTOMER_MESSAGES.creditLimitNegative);
    if (!DECIMAL_INPUT.test(text)) return fail(CUSTOMER_MESSAGES.creditLimitNumber);
    if ((text.split('.')[1] ?? '').length > 2) return fail(CUSTOMER_MESSAGES.creditLimitDecimals);
    const cents = toCents(text.startsWith('.') ? `0${text}` : text);
    if (cents > MAX_CENTS) return fail(CUSTOMER_MESSAGES.creditLimitTooLarge);
    return fromCents(cents);
  });

export const paymentTermsSchema = z.enum(PAYMENT_TERMS, { error: CUSTOMER_MESSAGES.paymentTerms });

/** One of the methods, or blank/null for none. */
export const preferredPaymentMethodSchema = z
  .union([z.enum(PREFERRED_PAYMENT_METHODS), z.literal('')], { error: CUSTOMER_MESSAGES.paymentMethod })
  .nullish()
  .transform((v) => (v === '' ? null : v));

/**
 * Every field of the customer form with the documented messages (docs/rules/records.md#customer-form). The create body is this object; the
 * update body is the same fields, each optional (a field left out is left unchanged).
 */
export const customerFieldsSchema = z.object({
  name: customerNameSchema,
  email: customerEmailSchema,
  phone: customerPhoneSchema,
  address: optionalText('Address', CUSTOMER_LIMITS.address),
  city: optionalText('City', CUSTOMER_LIMITS.city),
  state: optionalText('State', CUSTOMER_LIMITS.state),
  zip: customerZipSchema,
  companyName: optionalText('Company name', CUSTOMER_LIMITS.companyName),
  notes: optionalText('Notes', CUSTOMER_LIMITS.notes),
  creditLimit: creditLimitSchema,
  /** Default net30 on create. */
  paymentTerms: paymentTermsSchema.optional(),
  preferredPaymentMethod: preferredPaymentMethodSchema,
  /** Default true on create. */
  portalAccessEnabled: z.boolean({ error: CUSTOMER_MESSAGES.boolean }).optional(),
  /** Default false on create. */
  autoPayEnabled: z.boolean({ error: CUSTOMER_MESSAGES.boolean }).optional(),
  /** Default false: documents for a tax-exempt customer add no tax (docs/rules/money-and-payments.md#taxes-and-discounts). */
  taxExempt: z.boolean({ error: CUSTOMER_MESSAGES.boolean }).optional(),
  /** Super users choose the organization of a new customer; ignored for everyone else and on update. */
  organizationId: z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/)], { error: CUSTOMER_MESSAGES.organization })
    .transform(Number)
    .pipe(z.number().int(CUSTOMER_MESSAGES.organization).positive(CUSTOMER_MESSAGES.organization).max(2_147_483_647, CUSTOMER_MESSAGES.organization))
    .nullish(),
});
export type CustomerFormInput = z.input<typeof customerFieldsSchema>;

export const createCustomerBodySchema = customerFieldsSchema;
export type CreateCustomerBody = z.infer<typeof createCustomerBodySchema>;

export const updateCustomerBodySchema = customerFieldsSchema.partial();
export type UpdateCustomerBody = z.infer<typeof updateCustomerBodySchema>;

export const customerIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const customerSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** Digits only; display with formatPhone. */
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  companyName: z.string().nullable(),
  notes: z.string().nullable(),
  /** Decimal string ("1500.00") or null. */
  creditLimit: z.string().nullable(),
  paymentTerms: z.string(),
  preferredPaymentMethod: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  portalAccessEnabled: z.boolean(),
  autoPayEnabled: z.boolean(),
  taxExempt: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListSchema = z.array(customerSchema);

/**
 * The customers list's query: the list parameters, and `after`, the X-Next-Cursor of the page before, to walk the list
 * in name order (no search, no other sort, no offset) at the same cost on every page (docs/rules/lists.md#cursors).
 */
export const customerListQuerySchema = listQuerySchema.extend({
  after: z.string().trim().min(1).max(1000).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** The customer form's ZIP lookup, `GET /api/zip/{zip}` (docs/rules/platform.md#uploads-and-lookups). */
export const zipParamsSchema = z.object({ zip: z.string().regex(/^\d{5}$/, 'ZIP code must be 5 digits') });
export const zipPlaceSchema = z.object({ city: z.string(), state: z.string() });
export type ZipPlace = z.infer<typeof zipPlaceSchema>;
/** The form waits this long after a 5-digit ZIP before looking it up (docs/rules/records.md#zip-lookup). */
export const ZIP_LOOKUP_DEBOUNCE_MS = 500;
