// Payment processors (docs/rules/money-and-payments.md#processor-form): the form's rules and the API's shapes,
// shared by the server and the React form.
import { z } from 'zod';
import { fromCents, MAX_CENTS, toCents } from './money';

export const PROCESSOR_TYPES = ['stripe', 'square', 'manual'] as const;
export type ProcessorType = (typeof PROCESSOR_TYPES)[number];
export const PROCESSOR_TYPE_LABELS: Record<ProcessorType, string> = { stripe: 'Stripe', square: 'Square', manual: 'Manual Payments' };

export const PROCESSOR_CAPABILITIES = ['credit_card', 'debit_card', 'bank_transfer', 'ach', 'recurring', 'refunds', 'disputes', 'webhooks'] as const;
export type ProcessorCapability = (typeof PROCESSOR_CAPABILITIES)[number];
export const PROCESSOR_CAPABILITY_LABELS: Record<ProcessorCapability, string> = {
  credit_card: 'Credit Card',
  debit_card: 'Debit Card',
  bank_transfer: 'Bank Transfer',
  ach: 'ACH',
  recurring: 'Recurring',
  refunds: 'Refunds',
  disputes: 'Disputes',
  webhooks: 'Webhooks',
};

export const PROCESSOR_FEE_FIELDS = ['transactionFee', 'fixedFee', 'monthlyFee', 'setupFee'] as const;
export type ProcessorFeeField = (typeof PROCESSOR_FEE_FIELDS)[number];
export const PROCESSOR_FEE_LABELS: Record<ProcessorFeeField, string> = {
  transactionFee: 'Transaction fee',
  fixedFee: 'Fixed fee',
  monthlyFee: 'Monthly fee',
  setupFee: 'Setup fee',
};
/** The fee inputs' placeholders and step (docs/rules/money-and-payments.md#processor-form). */
export const PROCESSOR_FEE_PLACEHOLDERS = { transactionFee: '2.9', fixedFee: '0.30' } as const;
export const PROCESSOR_FEE_STEP = '0.01';
/** A percentage above 100 is never a real card fee. */
const MAX_TRANSACTION_FEE_CENTS = 100_00;

export interface ProcessorConfigField {
  key: string;
  label: string;
  /** Required start of the value, when given. */
  prefix?: string;
  placeholder?: string;
}

/** The configuration keys each processor type's form offers. Other keys may be stored and are kept. */
export const PROCESSOR_CONFIG_FIELDS: Record<ProcessorType, readonly ProcessorConfigField[]> = {
  stripe: [
    { key: 'secretKey', label: 'Secret Key', prefix: 'sk_', placeholder: 'sk_test_...' },
    { key: 'publishableKey', label: 'Publishable Key', prefix: 'pk_', placeholder: 'pk_test_...' },
    { key: 'webhookSecret', label: 'Webhook Secret', prefix: 'whsec_', placeholder: 'whsec_...' },
  ],
  square: [
    { key: 'applicationId', label: 'Application ID' },
    { key: 'accessToken', label: 'Access Token' },
    { key: 'locationId', label: 'Location ID' },
  ],
  manual: [],
};

export const PROCESSOR_LIMITS = { displayName: 100, webhookUrl: 2048, configurationEntries: 50, configurationValue: 4096 } as const;

export const PROCESSOR_MESSAGES = {
  displayNameRequired: 'Display name is required',
  displayNameText: 'Display name must be text',
  displayNameTooLong: `Display name must be at most ${PROCESSOR_LIMITS.displayName} characters`,
  processorTypeRequired: 'Processor type is required',
  processorTypeInvalid: 'Processor type must be stripe, square or manual',
  organizationRequired: 'Organization is required',
  organizationNotFound: 'Organization not found',
  boolean: 'Must be true or false',
  capabilities: `Capabilities must be chosen from ${PROCESSOR_CAPABILITIES.join(', ')}`,
  webhookUrl: 'Webhook URL must be a valid http(s) URL',
  webhookUrlTooLong: `Webhook URL must be at most ${PROCESSOR_LIMITS.webhookUrl} characters`,
  fees: 'Fees must be an object',
  configuration: 'Configuration must be a map of names to values',
  configurationTooMany: `Configuration can have at most ${PROCESSOR_LIMITS.configurationEntries} entries`,
  configurationKey: 'Configuration names must start with a letter and use only letters, digits and _ (at most 64)',
  configurationValue: (key: string) => `Configuration value of ${key} must be text`,
  configurationValueTooLong: (key: string) => `Configuration value of ${key} must be at most ${PROCESSOR_LIMITS.configurationValue} characters`,
  maskedValue: 'Enter the full value; a masked value only keeps the saved one',
  secretKeyPrefix: 'Secret key must start with sk_',
  publishableKeyPrefix: 'Publishable key must start with pk_',
  webhookSecretPrefix: 'Webhook secret must start with whsec_',
  notFound: 'Payment processor not found',
} as const;

const PREFIX_MESSAGES: Record<string, string> = {
  secretKey: PROCESSOR_MESSAGES.secretKeyPrefix,
  publishableKey: PROCESSOR_MESSAGES.publishableKeyPrefix,
  webhookSecret: PROCESSOR_MESSAGES.webhookSecretPrefix,
};

// ---- Secrets -------------------------------------------------------------------------------------

/** What a masked secret starts with; followed by the last 4 characters when the value has at least 8. */
export const SECRET_MASK = '••••';
const SECRET_KEY_PARTS = ['secret', 'token', 'password', 'apikey', 'private'];

/** secretKey, webhookSecret, accessToken, apiKey, dbPassword...; publishableKey is meant for browsers. */
export function isSecretConfigKey(key: string): boolean {
  const k = key.toLowerCase();
  return SECRET_KEY_PARTS.some((part) => k.includes(part));
}

/** '••••' + last 4 characters, or '••••' alone when the value is shorter than 8; empty values stay as they are. */
export function maskSecretValue(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length < 8 ? SECRET_MASK : `${SECRET_MASK}${text.slice(-4)}`;
}

/**
 * The Stripe key rules on a processor's (final) configuration: each key, when given, must start with
 * its prefix. Placeholders such as sk_test_placeholder pass. Other types have no key rules.
 */
export function processorConfigurationIssues(processorType: string, configuration: Record<string, unknown>): { path: string; message: string }[] {
  if (processorType !== 'stripe') return [];
  const issues: { path: string; message: string }[] = [];
  for (const field of PROCESSOR_CONFIG_FIELDS.stripe) {
    const value = configuration[field.key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !value.startsWith(field.prefix ?? '')) {
      issues.push({ path: `configuration.${field.key}`, message: PREFIX_MESSAGES[field.key] });
    }
  }
  return issues;
}

// ---- Field schemas -------------------------------------------------------------------------------

const DECIMAL_INPUT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Number or decimal string; blank or null -> null; at least 0, at most 2 decimals. Out: "2.90" or null. */
function feeSchema(field: ProcessorFeeField) {
  const label = PROCESSOR_FEE_LABELS[field];
  const maxCents = field === 'transactionFee' ? MAX_TRANSACTION_FEE_CENTS : MAX_CENTS;
  return z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .nullish()
    .transform((v, ctx): string | null | undefined => {
      if (v === undefined || v === null) return v;
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : v.trim();
      if (text === '') return null;
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      };
      if (text.startsWith('-')) return fail(`${label} cannot be negative`);
      if (!DECIMAL_INPUT.test(text)) return fail(`${label} must be a number`);
      if ((text.split('.')[1] ?? '').length > 2) return fail(`${label} can have at most 2 decimal places`);
      const cents = toCents(text.startsWith('.') ? `0${text}` : text);
      if (cents > maxCents) return fail(`${label} must be at most ${(maxCents / 100).toLocaleString('en-US', { minimumFractionDigits: field === 'transactionFee' ? 0 : 2 })}`);
      return fromCents(cents);
    });
}

export const processorFeesSchema = z.object(
  {
    transactionFee: feeSchema('transactionFee'),
    fixedFee: feeSchema('fixedFee'),
    monthlyFee: feeSchema('monthlyFee'),
    setupFee: feeSchema('setupFee'),
  },
  { error: PROCESSOR_MESSAGES.fees },
);
export type ProcessorFeesInput = z.output<typeof processorFeesSchema>;

const CONFIG_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export type ConfigurationValue = string | number | boolean;

/**
 * Names to text (numbers and booleans pass too). Problems are reported on the configuration field
 * itself (naming the key), except the key rules, which go under the key. Blank and null values are
 * dropped: "not set".
 */
export const processorConfigurationSchema = z
  .record(z.string(), z.unknown(), { error: PROCESSOR_MESSAGES.configuration })
  .superRefine((map, ctx) => {
    const entries = Object.entries(map);
    if (entries.length > PROCESSOR_LIMITS.configurationEntries) {
      ctx.addIssue({ code: 'custom', message: PROCESSOR_MESSAGES.configurationTooMany, input: map });
      return;
    }
    for (const [key, value] of entries) {
      if (!CONFIG_KEY.test(key)) ctx.addIssue({ code: 'custom', message: PROCESSOR_MESSAGES.configurationKey, input: key });
      else if (!(value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))) {
        ctx.addIssue({ code: 'custom', message: PROCESSOR_MESSAGES.configurationValue(key), input: value });
      } else if (typeof value === 'string' && value.length > PROCESSOR_LIMITS.configurationValue) {
        ctx.addIssue({ code: 'custom', message: PROCESSOR_MESSAGES.configurationValueTooLong(key), input: value });
      }
    }
  })
  .transform((map) => {
    const out: Record<string, ConfigurationValue> = {};
    for (const [key, value] of Object.entries(map)) {
      const v = typeof value === 'string' ? value.trim() : (value as ConfigurationValue | null);
      if (v !== null && v !== '') out[key] = v;
    }
    return out;
  });

/** Only the 8 ids; duplicates collapse; stored in the list's order. */
export const processorCapabilitiesSchema = z
  .array(z.unknown(), { error: PROCESSOR_MESSAGES.capabilities })
  .max(50, PROCESSOR_MESSAGES.capabilities)
  .superRefine((list, ctx) => {
    if (!list.every((c) => typeof c === 'string' && (PROCESSOR_CAPABILITIES as readonly string[]).includes(c))) {
      ctx.addIssue({ code: 'custom', message: PROCESSOR_MESSAGES.capabilities, input: list });
    }
  })
  .transform((list) => PROCESSOR_CAPABILITIES.filter((c) => list.includes(c)));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Optional; blank becomes null (docs/rules/money-and-payments.md#processor-form). */
export const webhookUrlSchema = z
  .string({ error: PROCESSOR_MESSAGES.webhookUrl })
  .trim()
  .max(PROCESSOR_LIMITS.webhookUrl, PROCESSOR_MESSAGES.webhookUrlTooLong)
  .nullish()
  .refine((v) => v === undefined || v === null || v === '' || isHttpUrl(v), PROCESSOR_MESSAGES.webhookUrl)
  .transform((v) => (v === '' ? null : v));

export const processorDisplayNameSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? PROCESSOR_MESSAGES.displayNameRequired : PROCESSOR_MESSAGES.displayNameText) })
  .trim()
  .min(1, PROCESSOR_MESSAGES.displayNameRequired)
  .max(PROCESSOR_LIMITS.displayName, PROCESSOR_MESSAGES.displayNameTooLong);

export const processorTypeSchema = z.enum(PROCESSOR_TYPES, {
  error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? PROCESSOR_MESSAGES.processorTypeRequired : PROCESSOR_MESSAGES.processorTypeInvalid),
});

const organizationIdSchema = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/, PROCESSOR_MESSAGES.organizationRequired)], { error: PROCESSOR_MESSAGES.organizationRequired })
  .transform(Number)
  .pipe(
    z
      .number()
      .int(PROCESSOR_MESSAGES.organizationRequired)
      .positive(PROCESSOR_MESSAGES.organizationRequired)
      .max(2_147_483_647, PROCESSOR_MESSAGES.organizationNotFound),
  )
  .nullish();

const booleanSchema = z.boolean({ error: PROCESSOR_MESSAGES.boolean }).optional();

/** The processor form (docs/rules/money-and-payments.md#processor-form) as the API takes it: POST and, every field optional, PUT. */
export const processorFieldsSchema = z.object({
  displayName: processorDisplayNameSchema,
  processorType: processorTypeSchema,
  /**
   * Required for a super user (an organization admin's own organization otherwise). Ignored on PUT:
   * a processor never moves between organizations.
   */
  organizationId: organizationIdSchema,
  /** Default {}. On PUT it replaces the stored map; a value equal to its masked form keeps the stored value. */
  configuration: processorConfigurationSchema.optional(),
  /** Default false. Turning one on turns the organization's others off. */
  isActive: booleanSchema,
  /** Default true. */
  testMode: booleanSchema,
  /** Default []. */
  capabilities: processorCapabilitiesSchema.optional(),
  /** Default {}. On PUT it replaces the stored fees. */
  fees: processorFeesSchema.optional(),
  webhookUrl: webhookUrlSchema,
});

export const createProcessorBodySchema = processorFieldsSchema;
export type CreateProcessorBody = z.output<typeof createProcessorBodySchema>;
export type ProcessorBodyInput = z.input<typeof createProcessorBodySchema>;

/** Same body, every field optional; Activate sends only `{ isActive: true }`. */
export const updateProcessorBodySchema = processorFieldsSchema.partial();
export type UpdateProcessorBody = z.output<typeof updateProcessorBodySchema>;

export const processorIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const processorFeesResponseSchema = z.object({
  transactionFee: z.string().nullable(),
  fixedFee: z.string().nullable(),
  monthlyFee: z.string().nullable(),
  setupFee: z.string().nullable(),
});
export type ProcessorFees = z.infer<typeof processorFeesResponseSchema>;

export const paymentProcessorSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  displayName: z.string(),
  processorType: z.string(),
  /** Secret values are masked ('••••' + last 4); publishable values are sent as stored. */
  configuration: z.record(z.string(), z.unknown()),
  capabilities: z.array(z.string()),
  /** Decimal strings ("2.90" percent, "0.30" dollars) or null. */
  fees: processorFeesResponseSchema,
  isActive: z.boolean(),
  testMode: z.boolean(),
  webhookUrl: z.string().nullable(),
  /**
   * Stripe only: this processor's own events URL ({APP_URL}/api/webhooks/stripe/{id}) to enter in Stripe's dashboard;
   * events sent there are checked against this processor's signing secret alone (docs/payments.md).
   */
  stripeWebhookUrl: z.string().nullable(),
  lastTestDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentProcessor = z.infer<typeof paymentProcessorSchema>;
export const paymentProcessorListSchema = z.array(paymentProcessorSchema);
