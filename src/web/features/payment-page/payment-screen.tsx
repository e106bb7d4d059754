import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicPaymentLink } from '@contracts/payment-links';
import { errorMessage, isApiError } from '@/lib/api-client';
import { PublicHeader } from '@/components/public/public-header';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { openPaymentLink } from '@/features/payment-page/api/payment-link-api';
import { LinkLoadFailed, LinkNotFound } from '@/features/payment-page/components/link-states';
import { PayLinkForm } from '@/features/payment-page/components/pay-link-form';

type Load = { state: 'loading' } | { state: 'ready'; link: PublicPaymentLink } | { state: 'missing' } | { state: 'failed'; message: string };

function PageSkeleton() {
  return (
    <Card aria-busy="true" data-testid="payment-loading">
      <CardHeader className="flex-row items-center gap-3 border-b">
        <Skeleton className="size-12 rounded-lg" />
        <div className="space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </CardHeader>
      <CardContent className="space-y-3 pt-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}

/** The public page behind a payment link (`/payment/{linkId}`): no sign-in, no app shell. */
export function PaymentScreen() {
  const { linkId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const openedFor = useRef<string | null>(null);

  const open = useCallback(() => {
    setLoad({ state: 'loading' });
    openPaymentLink(linkId)
      .then((link) => setLoad({ state: 'ready', link }))
      .catch((error: unknown) =>
        setLoad(isApiError(error, 404) || isApiError(error, 400) ? { state: 'missing' } : { state: 'failed', message: errorMessage(error, 'Please try again later.') }),
      );
  }, [linkId]);

  useEffect(() => {
    // Opening counts a click: React StrictMode's second effect run must not count another.
    if (openedFor.current === linkId) return;
    openedFor.current = linkId;
    open();
  }, [linkId, open]);

  const organizationName = load.state === 'ready' ? load.link.organization.name : null;
  useEffect(() => {
    document.title = organizationName ? `Pay ${organizationName} · Tradebook` : 'Secure Payment · Tradebook';
  }, [organizationName]);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-3 py-6 sm:px-4 md:px-6 md:py-8">
        {load.state === 'loading' && <PageSkeleton />}
        {load.state === 'missing' && <LinkNotFound />}
        {load.state === 'failed' && <LinkLoadFailed message={load.message} onRetry={open} />}
        {load.state === 'ready' && <PayLinkForm key={load.link.linkId} linkId={linkId} link={load.link} />}
      </main>
    </div>
  );
}
