import { describe, expect, it } from 'vitest';
import { isLinkable } from './payment-links-api';

describe('isLinkable', () => {
  it('offers invoices that are not paid and have a total above 0', () => {
    expect(isLinkable({ status: 'sent', total: '10.00' })).toBe(true);
    expect(isLinkable({ status: 'draft', total: '0.01' })).toBe(true);
    expect(isLinkable({ status: 'overdue', total: '5.00' })).toBe(true);
    expect(isLinkable({ status: 'paid', total: '10.00' })).toBe(false);
    expect(isLinkable({ status: 'sent', total: '0.00' })).toBe(false);
  });
});
