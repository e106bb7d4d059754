import { describe, expect, it } from 'vitest';
import { quoteState } from './quote-status';

const base = { status: 'viewed' as const, canRespond: true, approval: null, validUntil: null, total: '100.00' };

describe('quoteState', () => {
  it('is open while the customer can answer', () => {
    expect(quoteState(base)).toEqual({ kind: 'open' });
    expect(quoteState({ ...base, status: 'sent' })).toEqual({ kind: 'open' });
  });

  it('says who approved it, when and for how much', () => {
    const approval = { signerName: 'Pat Doe', signedAt: '2026-03-04T10:00:00.000Z', total: '120.00' };
    expect(quoteState({ ...base, status: 'approved', canRespond: false, approval })).toEqual({ kind: 'approved', signerName: 'Pat Doe', signedAt: approval.signedAt, total: '120.00' });
    expect(quoteState({ ...base, status: 'converted', canRespond: false })).toEqual({ kind: 'approved', signerName: null, signedAt: null, total: '100.00' });
  });

  it('tells a declined quote, a request for changes and an expired one apart', () => {
    expect(quoteState({ ...base, status: 'declined', canRespond: false })).toEqual({ kind: 'declined' });
    expect(quoteState({ ...base, status: 'changes_requested' })).toEqual({ kind: 'changes_requested' });
    expect(quoteState({ ...base, status: 'expired', canRespond: false, validUntil: '2026-01-31T00:00:00.000Z' })).toEqual({ kind: 'expired', on: '2026-01-31T00:00:00.000Z' });
    // Past its date but not yet marked expired by the server: still expired to the customer.
    expect(quoteState({ ...base, canRespond: false, validUntil: '2026-01-31T00:00:00.000Z' }, new Date('2026-02-01T00:00:00Z'))).toMatchObject({ kind: 'expired' });
    expect(quoteState({ ...base, canRespond: false })).toEqual({ kind: 'closed' });
  });
});
