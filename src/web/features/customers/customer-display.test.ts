import { describe, expect, it } from 'vitest';
import { addressLine, addressLines, orDash } from '@/features/customers/customer-display';

describe('customer list display (docs/rules/records.md#customer-list)', () => {
  it("shows '-' for missing values", () => {
    expect(orDash(null)).toBe('-');
    expect(orDash('  ')).toBe('-');
    expect(orDash('Acme')).toBe('Acme');
  });

  it('joins the address parts that exist', () => {
    expect(addressLine({ address: '12 Oak St', city: 'Springfield', state: 'IL', zip: '62701' })).toBe('12 Oak St, Springfield, IL 62701');
    expect(addressLine({ address: null, city: null, state: 'IL', zip: null })).toBe('IL');
    expect(addressLine({ address: null, city: null, state: null, zip: null })).toBe('-');
    expect(addressLines({ address: '12 Oak St', city: 'Springfield', state: 'IL', zip: '62701' })).toEqual(['12 Oak St', 'Springfield, IL 62701']);
    expect(addressLines({ address: ' ', city: null, state: null, zip: '62701' })).toEqual(['62701']);
  });
});
