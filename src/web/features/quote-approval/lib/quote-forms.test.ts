import { describe, expect, it } from 'vitest';
import type { Signature } from '@contracts/estimates';
import { approveFormSchema, changesFormSchema, declineFormSchema, DRAW_YOUR_SIGNATURE } from './quote-forms';

const signature: Signature = { width: 600, height: 160, strokes: [[[10, 20], [30, 40]]] };

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the quote forms', () => {
  it('asks for a typed name and a drawn signature', () => {
    expect(issues(approveFormSchema.safeParse({ signerName: ' ', signature: null, selectedOptionalIds: [] }))).toEqual({
      signerName: 'Type your full name',
      signature: DRAW_YOUR_SIGNATURE,
    });
  });

  it('gives the approval body: name trimmed, the signature and the ticked optional items', () => {
    expect(approveFormSchema.parse({ signerName: '  Pat Doe ', signature, selectedOptionalIds: [4] })).toEqual({ signerName: 'Pat Doe', signature, selectedOptionalIds: [4] });
  });

  it("checks the signature with the contract's rules", () => {
    expect(issues(approveFormSchema.safeParse({ signerName: 'Pat Doe', signature: { ...signature, strokes: [] }, selectedOptionalIds: [] }))).toHaveProperty(['signature.strokes']);
  });

  it("says what a decline and a request for changes need, in the contract's words", () => {
    expect(issues(declineFormSchema.safeParse({ reason: '  ' }))).toEqual({ reason: 'Tell us why' });
    expect(issues(changesFormSchema.safeParse({ message: '' }))).toEqual({ message: 'Tell us what to change' });
    expect(declineFormSchema.parse({ reason: ' Too dear ' })).toEqual({ reason: 'Too dear' });
  });
});
