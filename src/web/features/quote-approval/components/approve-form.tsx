import { Controller, useForm } from 'react-hook-form';
import { Loader2, PenLine } from 'lucide-react';
import type { PublicQuote } from '@contracts/estimates';
import { formatMoney } from '@contracts/money';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { approveQuote } from '@/features/quote-approval/api/quote-api';
import { SignatureField } from '@/components/signature-field';
import { answerProblem, type AnswerProblem } from '@/features/quote-approval/lib/answer-error';
import type { LiveDeposit } from '@/features/quote-approval/lib/quote-deposit';
import { initiallySelected } from '@/features/quote-approval/lib/quote-totals';

// zod and the contract's rules load with the first keystroke or tick, not with the page (lib/lazy-zod-resolver.ts).
const validation = lazyZodResolver(() => import('@/features/quote-approval/lib/quote-forms').then((m) => m.approveFormSchema));

/** The fields the server's 400 issues go onto (lib/server-issues.ts). */
const APPROVE_FIELDS = ['signerName', 'signature', 'selectedOptionalIds'];

/** The approval form, held by the page: the optional items ticked in the lines above are one of its fields. */
export function useApproveForm(quote: PublicQuote) {
  return useForm({
    resolver: validation.resolver,
    defaultValues: { signerName: '', signature: null, selectedOptionalIds: initiallySelected(quote.lineItems) },
  });
}

export type ApproveFormState = ReturnType<typeof useApproveForm>;

/** A nested error's first message: the server may name a part of the signature (signature.strokes.0). */
function firstMessage(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

interface ApproveFormProps {
  form: ApproveFormState;
  token: string;
  quote: PublicQuote;
  /** The total with the optional items ticked, as the lines above show it. */
  total: string;
  /** The deposit due on approval on the live total; null for none. */
  deposit: LiveDeposit | null;
  onAnswered: (quote: PublicQuote) => void;
  onProblem: (problem: AnswerProblem | null) => void;
}

/** Typed full name and a drawn signature: "By signing you approve this quote for $X; a deposit of $Y is due on approval." */
export function ApproveForm({ form, token, quote, total, deposit, onAnswered, onProblem }: ApproveFormProps) {
  const lower = quote.word.toLowerCase();
  const pending = form.formState.isSubmitting;
  const nameError = form.formState.errors.signerName?.message;

  const submit = form.handleSubmit(async (values) => {
    onProblem(null);
    try {
      onAnswered(await approveQuote(token, { ...values, revision: quote.revision }));
    } catch (error) {
      const placed = applyServerIssues(error, form.setError, APPROVE_FIELDS);
      if (!placed) onProblem(answerProblem(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={`Approve this ${lower}`} onFocusCapture={validation.preload} onPointerDownCapture={validation.preload}>
      <div className="space-y-1.5">
        <Label htmlFor="quote-signer-name">Your full name</Label>
        <Input
          id="quote-signer-name"
          autoComplete="name"
          maxLength={200}
          disabled={pending}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'quote-signer-name-error' : undefined}
          {...form.register('signerName')}
        />
        {nameError && (
          <p id="quote-signer-name-error" className="text-sm text-destructive">
            {nameError}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="signature"
        render={({ field, fieldState }) => {
          const message = firstMessage(fieldState.error);
          return (
            <div className="space-y-1.5">
              <p className="text-sm leading-none font-medium">
                Signature
              </p>
              <p id="quote-signature-hint" className="text-xs text-muted-foreground">
                Draw your signature with your finger, a pen or the mouse.
              </p>
              <SignatureField onChange={field.onChange} disabled={pending} hintId="quote-signature-hint" error={message} errorId="quote-signature-error" />
            </div>
          );
        }}
      />
      <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="approve-consent">
        By signing you approve this {lower} for <span className="font-semibold tabular-nums">{formatMoney(total)}</span>
        {deposit && (
          <>
            ; a deposit of <span className="font-semibold tabular-nums">{formatMoney(deposit.amount)}</span> is due on approval
          </>
        )}
        .
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <PenLine aria-hidden />}
        {pending ? 'Approving...' : `Approve ${lower}`}
      </Button>
    </form>
  );
}
