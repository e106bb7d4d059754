import { describe, expect, it } from 'vitest';
import { createProcessorBodySchema, type PaymentProcessor } from '@contracts/payment-processors';
import { configurationToSend, issueField, processorFormValues, processorRequestBody } from './processor-form-values';

const saved: PaymentProcessor = {
  id: 7,
  organizationId: 3,
  displayName: 'Stripe Live',
  processorType: 'stripe',
  configuration: { secretKey: '••••lder', publishableKey: 'pk_test_placeholder', webhookSecret: '••••', merchantRef: 'M-1', legacyToken: '••••9999' },
  capabilities: ['credit_card', 'refunds'],
  fees: { transactionFee: '2.90', fixedFee: '0.30', monthlyFee: null, setupFee: null },
  isActive: true,
  testMode: false,
  webhookUrl: 'https://example.com/hook',
  stripeWebhookUrl: 'http://localhost:3000/api/webhooks/stripe/7',
  lastTestDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('processor form values', () => {
  it('starts a new processor inactive, in test mode, with nothing chosen', () => {
    const v = processorFormValues(null);
    expect(v).toMatchObject({ displayName: '', processorType: '', isActive: false, testMode: true, capabilities: [], webhookUrl: '' });
    expect(v.fees).toEqual({ transactionFee: '', fixedFee: '', monthlyFee: '', setupFee: '' });
    expect(v.configuration.secretKey).toBe('');
  });

  it('fills the form from a saved processor, secrets still masked', () => {
    const v = processorFormValues(saved);
    expect(v).toMatchObject({ displayName: 'Stripe Live', processorType: 'stripe', isActive: true, testMode: false, webhookUrl: 'https://example.com/hook' });
    expect(v.fees.transactionFee).toBe('2.90');
    expect(v.configuration).toMatchObject({ secretKey: '••••lder', publishableKey: 'pk_test_placeholder', webhookSecret: '••••' });
    expect(v.configuration).not.toHaveProperty('merchantRef');
  });

  it('sends the masked values back unchanged, with the keys the form does not show', () => {
    const body = processorRequestBody(processorFormValues(saved), saved, 3);
    expect(body.configuration).toEqual({
      secretKey: '••••lder',
      publishableKey: 'pk_test_placeholder',
      webhookSecret: '••••',
      merchantRef: 'M-1',
      legacyToken: '••••9999',
    });
    expect(body).toMatchObject({ organizationId: 3, displayName: 'Stripe Live', processorType: 'stripe', isActive: true, testMode: false });
  });

  it('sends only the chosen type\'s fields and an empty webhook URL as null', () => {
    const values = { ...processorFormValues(null), displayName: 'Cash', processorType: 'manual' as const };
    values.configuration.secretKey = 'sk_typed_before_switching';
    const body = processorRequestBody(values, null, 5);
    expect(body.configuration).toEqual({});
    expect(body.webhookUrl).toBeNull();
    expect(configurationToSend({ processorType: 'square', configuration: { accessToken: ' tok ' } }, null)).toEqual({ applicationId: '', accessToken: 'tok', locationId: '' });
  });

  it('builds a body the API schema accepts: a test-mode Stripe processor with placeholder keys, active', () => {
    const values = { ...processorFormValues(null), displayName: 'Stripe Test', processorType: 'stripe' as const, isActive: true };
    values.configuration = { ...values.configuration, secretKey: 'sk_test_placeholder', publishableKey: 'pk_test_placeholder', webhookSecret: 'whsec_placeholder' };
    values.fees.transactionFee = '2.9';
    values.fees.fixedFee = '0.30';
    values.capabilities = ['credit_card', 'webhooks'];
    const parsed = createProcessorBodySchema.parse(processorRequestBody(values, null, 9));
    expect(parsed).toMatchObject({
      organizationId: 9,
      testMode: true,
      isActive: true,
      configuration: { secretKey: 'sk_test_placeholder', publishableKey: 'pk_test_placeholder', webhookSecret: 'whsec_placeholder' },
      fees: { transactionFee: '2.90', fixedFee: '0.30', monthlyFee: null, setupFee: null },
      capabilities: ['credit_card', 'webhooks'],
    });
  });

  it('maps server issue paths onto form fields', () => {
    expect(issueField('configuration.secretKey')).toBe('configuration.secretKey');
    expect(issueField(['fees', 'fixedFee'])).toBe('fees.fixedFee');
    expect(issueField('displayName')).toBe('displayName');
    expect(issueField('organizationId')).toBeNull();
    expect(issueField('configuration.unknownThing')).toBeNull();
  });
});
