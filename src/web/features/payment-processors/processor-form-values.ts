// The processor form's values <-> the processor and the request body (docs/rules/money-and-payments.md#processor-form).
import type { PaymentProcessor, ProcessorBodyInput, ProcessorFeeField, ProcessorType } from '@contracts/payment-processors';
import { CONFIG_FIELDS, FEE_OPTIONS, PROCESSOR_TYPE_OPTIONS } from '@/features/payment-processors/processor-options';

/** What the form holds: text for every input as typed, flags, the chosen capability ids. */
export interface ProcessorFormValues {
  displayName: string;
  processorType: ProcessorType | '';
  isActive: boolean;
  testMode: boolean;
  capabilities: string[];
  webhookUrl: string;
  fees: Record<ProcessorFeeField, string>;
  /** Every type's fields (switching type back and forth keeps what was typed); masked values as received. */
  configuration: Record<string, string>;
}

const KNOWN_CONFIG_KEYS = new Set(Object.values(CONFIG_FIELDS).flatMap((fields) => fields.map((f) => f.key)));

function isProcessorType(value: string): value is ProcessorType {
  return PROCESSOR_TYPE_OPTIONS.some((o) => o.value === value);
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Defaults (docs/rules/money-and-payments.md#processor-form): inactive, test mode on, nothing chosen. */
export function processorFormValues(processor: PaymentProcessor | null): ProcessorFormValues {
  const fees = Object.fromEntries(FEE_OPTIONS.map((o) => [o.value, text(processor?.fees[o.value])])) as Record<ProcessorFeeField, string>;
  const configuration: Record<string, string> = Object.fromEntries([...KNOWN_CONFIG_KEYS].map((key) => [key, '']));
  for (const [key, value] of Object.entries(processor?.configuration ?? {})) if (KNOWN_CONFIG_KEYS.has(key)) configuration[key] = text(value);
  return {
    displayName: processor?.displayName ?? '',
    processorType: processor && isProcessorType(processor.processorType) ? processor.processorType : '',
    isActive: processor?.isActive ?? false,
    testMode: processor?.testMode ?? true,
    capabilities: processor?.capabilities ?? [],
    webhookUrl: processor?.webhookUrl ?? '',
    fees,
    configuration,
  };
}

/**
 * The configuration to send: the chosen type's fields, plus any stored keys this form does not show
 * (sent back as received, so masked secrets stay as they are on the server). The server replaces the
 * stored map with it, dropping blank values.
 */
export function configurationToSend(values: Pick<ProcessorFormValues, 'processorType' | 'configuration'>, original: PaymentProcessor | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(original?.configuration ?? {})) if (!KNOWN_CONFIG_KEYS.has(key)) out[key] = value;
  const fields = values.processorType ? CONFIG_FIELDS[values.processorType] : [];
  for (const field of fields) out[field.key] = (values.configuration[field.key] ?? '').trim();
  return out;
}

/** The whole form as the API takes it; the organization is sent as an integer. */
export function processorRequestBody(values: ProcessorFormValues, original: PaymentProcessor | null, organizationId: number): ProcessorBodyInput {
  return {
    organizationId,
    displayName: values.displayName,
    processorType: values.processorType as ProcessorType,
    isActive: values.isActive,
    testMode: values.testMode,
    capabilities: values.capabilities,
    webhookUrl: values.webhookUrl.trim() === '' ? null : values.webhookUrl.trim(),
    fees: { ...values.fees },
    configuration: configurationToSend(values, original),
  };
}

/** A server issue path ("fees.transactionFee", "configuration.secretKey") as a form field, when the form has it. */
export function issueField(path: string | (string | number)[]): string | null {
  const name = Array.isArray(path) ? path.join('.') : path;
  if (['displayName', 'processorType', 'isActive', 'testMode', 'capabilities', 'webhookUrl'].includes(name)) return name;
  if (/^fees\.(transactionFee|fixedFee|monthlyFee|setupFee)$/.test(name)) return name;
  if (name.startsWith('configuration.') && KNOWN_CONFIG_KEYS.has(name.slice('configuration.'.length))) return name;
  return null;
}
