import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicQuote } from '@contracts/estimates';
import { errorMessage, isApiError } from '@/lib/api-client';
import { PublicHeader } from '@/components/public/public-header';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { openQuote } from '@/features/quote-approval/api/quote-api';
import { QuoteLoadFailed, QuoteNotFound, QuoteReplaced } from '@/features/quote-approval/components/quote-outcome';
import type { PaidDeposit } from '@/features/quote-approval/components/deposit-section';
import { QuoteView } from '@/features/quote-approval/components/quote-view';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; quote: PublicQuote; answered: boolean }
  | { state: 'missing' }
  | { state: 'replaced'; message: string }
  | { state: 'failed'; message: string };

function PageSkeleton() {
  return (
    <Card aria-busy="true" data-testid="quote-loading">
      <CardHeader className="flex-row items-center gap-3 border-b">
        <Skeleton className="size-12 rounded-lg" />
        <div className="space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </CardHeader>
      <CardContent className="space-y-3 pt-6">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-5 w-72" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}

/** The customer's page behind a quote's approval link (`/quote/{token}`): no sign-in, no app shell. */
export function QuoteScreen() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const openedFor = useRef<string | null>(null);
  // Kept here, not in the view: the view starts afresh when a read brings a new revision.
  const [paidDeposit, setPaidDeposit] = useState<PaidDeposit | null>(null);

  const open = useCallback(() => {
    setLoad({ state: 'loading' });
    openQuote(token)
      .then((quote) => setLoad({ state: 'ready', quote, answered: false }))
      .catch((error: unknown) => {
        if (isApiError(error, 404) || isApiError(error, 400)) setLoad({ state: 'missing' });
        // A link to a version since replaced: the server says where the new one is.
        else if (isApiError(error, 409)) setLoad({ state: 'replaced', message: errorMessage(error) });
        else setLoad({ state: 'failed', message: errorMessage(error, 'Please try again later.') });
      });
  }, [token]);

  // Reads the quote again in place (no loading state): a deposit just paid shows in its totals. A failed read
  // leaves the page as it is; the payment is already confirmed.
  const refresh = useCallback(() => {
    openQuote(token)
      .then((quote) => setLoad({ state: 'ready', quote, answered: false }))
      .catch(() => undefined);
  }, [token]);

  useEffect(() => {
    // Opening records a view: React StrictMode's second effect run must not record another.
    if (openedFor.current === token) return;
    openedFor.current = token;
    open();
  }, [token, open]);

  const quote = load.state === 'ready' ? load.quote : null;
  const title = quote ? `${quote.word} ${quote.estimateNumber} · ${quote.organization.name}` : 'Quote · Tradebook';
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-3 py-6 sm:px-4 md:px-6 md:py-8">
        {load.state === 'loading' && <PageSkeleton />}
        {load.state === 'missing' && <QuoteNotFound />}
        {load.state === 'replaced' && <QuoteReplaced message={load.message} />}
        {load.state === 'failed' && <QuoteLoadFailed message={load.message} onRetry={open} />}
        {load.state === 'ready' && (
          <QuoteView
            // A new revision (an answer, or a reload after the quote changed) starts the page's forms afresh.
            key={load.quote.revision}
            token={token}
            quote={load.quote}
            answered={load.answered}
            onAnswered={(answer) => setLoad({ state: 'ready', quote: answer, answered: true })}
            onReload={open}
            paidDeposit={paidDeposit}
            onDepositPaid={(paid) => {
              setPaidDeposit(paid);
              refresh();
            }}
            onRefresh={refresh}
          />
        )}
      </main>
    </div>
  );
}
