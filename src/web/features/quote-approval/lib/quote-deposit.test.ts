import { describe, expect, it } from 'vitest';
import type { PublicQuote } from '@contracts/estimates';
import { depositRow, depositSettled, liveDeposit } from './quote-deposit';

const deposit = { type: 'percent' as const, value: '25.00', amount: '100.00', paid: '0.00', due: '100.00' };

describe('liveDeposit', () => {
  it('is null without a deposit', () => {
    expect(liveDeposit({ deposit: null, liveTotal: '400.00' })).toBeNull();
  });

  it('works the deposit out on the total the ticks make, to the cent, as the server will', () => {
    expect(liveDeposit({ deposit, liveTotal: '400.00' })).toEqual({ amount: '100.00' });
    expect(liveDeposit({ deposit, liveTotal: '420.10' })).toEqual({ amount: '105.03' }); // 105.025 rounds half up
    expect(liveDeposit({ deposit: { ...deposit, type: 'fixed', value: '150.00' }, liveTotal: '120.00' })).toEqual({ amount: '120.00' });
  });
});

type RowQuote = Pick<PublicQuote, 'deposit' | 'status' | 'canRespond' | 'approval'>;

describe('depositRow', () => {
  const open: RowQuote = { deposit, status: 'viewed', canRespond: true, approval: null };
  const approval = { signerName: 'Pat Doe', signedAt: '2026-03-04T10:00:00.000Z', total: '400.00' };

  it('is null without a deposit', () => {
    expect(depositRow({ ...open, deposit: null }, null)).toBeNull();
  });

  it('before approval: the deposit due on approval on the live total', () => {
    expect(depositRow(open, { amount: '105.03' })).toEqual({ label: 'Deposit due on approval', value: '$105.03', figure: true });
  });

  it('once approved: the deposit and what was paid of it', () => {
    expect(depositRow({ ...open, status: 'approved', canRespond: false, approval, deposit: { ...deposit, paid: '40.00', due: '60.00' } }, null)).toEqual({
      label: 'Deposit',
      value: '$100.00 · paid $40.00',
      figure: true,
    });
    expect(depositRow({ ...open, status: 'converted', canRespond: false }, null)?.value).toBe('$100.00 · paid $0.00');
  });

  it('on a quote no longer open: the deposit it asked', () => {
    expect(depositRow({ ...open, status: 'declined', canRespond: false }, null)).toEqual({ label: 'Deposit due on approval', value: '$100.00', figure: true });
  });
});

describe('depositSettled', () => {
  const approved = { status: 'approved' as const, canPayDeposit: false };

  it('is true once an approved quote has its deposit paid in full', () => {
    expect(depositSettled({ ...approved, deposit: { ...deposit, paid: '100.00', due: '0.00' } })).toBe(true);
    expect(depositSettled({ ...approved, status: 'converted', deposit: { ...deposit, paid: '100.00', due: '0.00' } })).toBe(true);
  });

  it('is false while some is left to pay, without a deposit, before approval, or for a deposit of nothing', () => {
    expect(depositSettled({ ...approved, canPayDeposit: true, deposit: { ...deposit, paid: '40.00', due: '60.00' } })).toBe(false);
    expect(depositSettled({ ...approved, deposit: null })).toBe(false);
    expect(depositSettled({ ...approved, status: 'viewed', deposit: { ...deposit, paid: '100.00', due: '0.00' } })).toBe(false);
    expect(depositSettled({ ...approved, deposit: { ...deposit, amount: '0.00', paid: '0.00', due: '0.00' } })).toBe(false);
  });
});
