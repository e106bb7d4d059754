// The quote page's three forms (ADR 015): what the fields hold, read by the contract's schemas, so the messages shown
// are the server's. The page adds the revision it was opened at to each request.
import { z } from 'zod';
import { approveQuoteSchema, declineQuoteSchema, requestQuoteChangesSchema, signatureSchema, type Signature } from '@contracts/estimates';
import { heldAs, textField } from '@/lib/form-fields';

export const DRAW_YOUR_SIGNATURE = 'Draw your signature';

/** The signature pad's value: null until something is drawn (and after Clear). */
const signatureField = z
  .custom<Signature | null>((value) => value !== null && value !== undefined, DRAW_YOUR_SIGNATURE)
  .transform((v): unknown => v)
  .pipe(signatureSchema);

export const approveFormSchema = z.object({
  signerName: textField(approveQuoteSchema.shape.signerName),
  signature: signatureField,
  selectedOptionalIds: heldAs<number[]>()(approveQuoteSchema.shape.selectedOptionalIds),
});
export type ApproveFormValues = z.input<typeof approveFormSchema>;

export const declineFormSchema = z.object({ reason: textField(declineQuoteSchema.shape.reason) });
export type DeclineFormValues = z.input<typeof declineFormSchema>;

export const changesFormSchema = z.object({ message: textField(requestQuoteChangesSchema.shape.message) });
export type ChangesFormValues = z.input<typeof changesFormSchema>;
