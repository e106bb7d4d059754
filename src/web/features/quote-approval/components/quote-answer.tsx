import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { CircleAlert, Loader2, RotateCw } from 'lucide-react';
import type { PublicQuote } from '@contracts/estimates';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Tabs } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { declineQuote, requestQuoteChanges } from '@/features/quote-approval/api/quote-api';
import { ApproveForm, type ApproveFormState } from '@/features/quote-approval/components/approve-form';
import { answerProblem, type AnswerProblem } from '@/features/quote-approval/lib/answer-error';
import type { LiveDeposit } from '@/features/quote-approval/lib/quote-deposit';

const forms = () => import('@/features/quote-approval/lib/quote-forms');
const declineValidation = lazyZodResolver(() => forms().then((m) => m.declineFormSchema));
const changesValidation = lazyZodResolver(() => forms().then((m) => m.changesFormSchema));

const DECLINE_FIELDS = ['reason'];
const CHANGES_FIELDS = ['message'];

type Choice = 'approve' | 'changes' | 'decline';

interface QuoteAnswerProps {
  token: string;
  quote: PublicQuote;
  approveForm: ApproveFormState;
  total: string;
  deposit: LiveDeposit | null;
  onAnswered: (quote: PublicQuote) => void;
  onReload: () => void;
}

interface MessageFieldProps {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  disabled: boolean;
  registration: UseFormRegisterReturn;
}

function MessageField({ id, label, hint, error, disabled, registration }: MessageFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={4}
        maxLength={2000}
        disabled={disabled}
        placeholder={hint}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Approve (name and signature), ask for changes, or decline: the customer's three answers while the quote is open. */
export function QuoteAnswer({ token, quote, approveForm, total, deposit, onAnswered, onReload }: QuoteAnswerProps) {
  const [choice, setChoice] = useState<Choice>('approve');
  const [problem, setProblem] = useState<AnswerProblem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The forms' buttons are below the message: bring it into view (role=alert reads it out).
    if (problem) problemRef.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);
  const lower = quote.word.toLowerCase();
  const decline = useForm({ resolver: declineValidation.resolver, defaultValues: { reason: '' } });
  const changes = useForm({ resolver: changesValidation.resolver, defaultValues: { message: '' } });

  const submitDecline = decline.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onAnswered(await declineQuote(token, { ...values, revision: quote.revision }));
    } catch (error) {
      if (!applyServerIssues(error, decline.setError, DECLINE_FIELDS)) setProblem(answerProblem(error));
    }
  });
  const submitChanges = changes.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onAnswered(await requestQuoteChanges(token, { ...values, revision: quote.revision }));
    } catch (error) {
      if (!applyServerIssues(error, changes.setError, CHANGES_FIELDS)) setProblem(answerProblem(error));
    }
  });

  return (
    <section aria-labelledby="quote-answer-title" className="space-y-4" data-testid="quote-answer">
      <div className="space-y-1">
        <h2 id="quote-answer-title" className="text-lg font-semibold">
          {quote.status === 'changes_requested' ? 'Answer now' : 'Your answer'}
        </h2>
        <p className="text-sm text-muted-foreground">
          {quote.status === 'changes_requested'
            ? `You can still approve this ${lower} as it is, or send another message.`
            : `Approve this ${lower}, ask for changes, or decline it.`}
        </p>
      </div>
      {problem && (
        <Alert ref={problemRef} variant="destructive" data-testid="quote-answer-problem">
          <CircleAlert aria-hidden />
          <AlertTitle>Your answer was not sent</AlertTitle>
          <AlertDescription>
            <p>{problem.message}</p>
            {problem.reload && (
              <Button type="button" variant="outline" size="sm" className="mt-1" onClick={onReload}>
                <RotateCw aria-hidden />
                Reload
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}
      <Tabs
        label="Your answer"
        value={choice}
        onValueChange={(next) => {
          setChoice(next);
          setProblem(null);
        }}
        items={[
          { value: 'approve', label: 'Approve' },
          { value: 'changes', label: 'Request changes' },
          { value: 'decline', label: 'Decline' },
        ]}
      >
        {/* All three stay mounted, the others hidden: switching keeps what was typed and the drawn signature. */}
        <div hidden={choice !== 'approve'}>
          <ApproveForm form={approveForm} token={token} quote={quote} total={total} deposit={deposit} onAnswered={onAnswered} onProblem={setProblem} />
        </div>
        <div hidden={choice !== 'changes'}>
          <form onSubmit={submitChanges} noValidate className="space-y-4" aria-label="Request changes" onFocusCapture={changesValidation.preload}>
            <MessageField
              id="quote-changes-message"
              label="What would you like changed?"
              hint={`Tell ${quote.organization.name} what to add, remove or change.`}
              error={changes.formState.errors.message?.message}
              disabled={changes.formState.isSubmitting}
              registration={changes.register('message')}
            />
            <Button type="submit" className="w-full sm:w-auto" disabled={changes.formState.isSubmitting}>
              {changes.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
              {changes.formState.isSubmitting ? 'Sending...' : 'Send request'}
            </Button>
          </form>
        </div>
        <div hidden={choice !== 'decline'}>
          <form onSubmit={submitDecline} noValidate className="space-y-4" aria-label={`Decline this ${lower}`} onFocusCapture={declineValidation.preload}>
            <MessageField
              id="quote-decline-reason"
              label="Why are you declining?"
              hint={`${quote.organization.name} will read this.`}
              error={decline.formState.errors.reason?.message}
              disabled={decline.formState.isSubmitting}
              registration={decline.register('reason')}
            />
            <Button type="submit" variant="destructive" className="w-full sm:w-auto" disabled={decline.formState.isSubmitting}>
              {decline.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
              {decline.formState.isSubmitting ? 'Declining...' : `Decline ${lower}`}
            </Button>
          </form>
        </div>
      </Tabs>
    </section>
  );
}
