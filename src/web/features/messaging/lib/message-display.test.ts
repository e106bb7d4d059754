import { describe, expect, it } from 'vitest';
import { recipientChoices, recipientsLabel, sentToast } from './message-display';

describe('message display', () => {
  it("counts recipients, or says 'No recipients'", () => {
    expect(recipientsLabel([])).toBe('No recipients');
    expect(recipientsLabel(['a@example.com'])).toBe('1 recipient');
    expect(recipientsLabel(['a@example.com', 'b@example.com'])).toBe('2 recipients');
  });

  it('names the channel in the sent toast', () => {
    expect(sentToast('email')).toBe('Message sent successfully via email');
    expect(sentToast('sms')).toBe('Message sent successfully via SMS');
  });

  it('offers only customers with an e-mail (email) or a 10-digit phone (sms)', () => {
    const customers = [
      { id: 1, name: 'Ann', email: 'Ann@Example.com', phone: null },
      { id: 2, name: 'Bob', email: null, phone: '5555550100' },
      { id: 3, name: 'Cy', email: '', phone: '555' },
    ];
    expect(recipientChoices(customers, 'email')).toEqual([{ customerId: 1, name: 'Ann', value: 'ann@example.com' }]);
    expect(recipientChoices(customers, 'sms')).toEqual([{ customerId: 2, name: 'Bob', value: '5555550100' }]);
  });
});
