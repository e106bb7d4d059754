import { describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES } from '@contracts/estimates';
import { canConvert, canSendForApproval, canStartNewVersion } from './estimate-status';
import { approvalTimeline, pastValidUntil } from './approval-timeline';
import { signaturePaths } from './signature-path';

const allowed = (rule: (s: string) => boolean) => ESTIMATE_STATUSES.filter(rule);

describe('the approval actions an estimate offers', () => {
  it('sends for approval until the customer approves or declines', () => {
    expect(allowed(canSendForApproval)).toEqual(['draft', 'sent', 'viewed', 'changes_requested', 'expired']);
  });

  it('starts a new version of anything sent, never of a draft or a converted estimate', () => {
    expect(allowed(canStartNewVersion)).toEqual(['sent', 'viewed', 'approved', 'declined', 'changes_requested', 'expired']);
  });

  it('converts only an approved estimate', () => {
    expect(allowed(canConvert)).toEqual(['approved']);
  });

  it('cannot send once the valid-until day has ended (UTC)', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(pastValidUntil('2026-06-10T00:00:00.000Z', now)).toBe(false);
    expect(pastValidUntil('2026-06-09T00:00:00.000Z', now)).toBe(true);
    expect(pastValidUntil(null, now)).toBe(false);
  });
});

describe('the approval timeline', () => {
  it('lists sent, viewed, every answer and the conversion, oldest first', () => {
    const response = (id: number, kind: 'approved' | 'changes_requested', createdAt: string) => ({
      id,
      version: id,
      kind,
      signerName: null,
      signature: null,
      message: null,
      total: null,
      ip: null,
      createdAt,
    });
    const events = approvalTimeline({
      sentAt: '2026-06-02T09:00:00Z',
      viewedAt: '2026-06-02T10:00:00Z',
      convertedAt: '2026-06-03T08:00:00Z',
      // The server answers newest first.
      responses: [response(2, 'approved', '2026-06-02T11:00:00Z'), response(1, 'changes_requested', '2026-06-01T15:00:00Z')],
    });
    expect(events.map((e) => (e.kind === 'response' ? e.response.kind : e.kind))).toEqual(['changes_requested', 'sent', 'viewed', 'approved', 'converted']);
  });
});

describe('the drawn signature', () => {
  it('draws each stroke as one path in the signature box, a single point as a dot', () => {
    expect(signaturePaths({ strokes: [[[10, 50], [100, 20.04], [200, 80]], [[5.55, 6]]] })).toEqual(['M10 50L100 20 200 80', 'M5.6 6l0.1 0']);
  });
});
