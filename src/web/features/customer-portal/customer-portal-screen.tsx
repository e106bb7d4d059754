import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { PORTAL_MESSAGES, portalTokenFromAddress, type PortalCreditNote, type PortalInvoice, type PortalResponse } from '@contracts/customer-portal';
import { isStaffRole } from '@contracts/permissions';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PublicHeader } from '@/components/public/public-header';
import { PublicImpersonationBanner } from '@/components/public/public-impersonation-banner';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { downloadPortalCreditNote, downloadPortalInvoice, portalKeys, setAutoPay, usePortal, type PortalAccess } from '@/features/customer-portal/api/portal-api';
import { CreditNotesList } from '@/features/customer-portal/components/credit-notes-list';
import { QuotesList } from '@/features/customer-portal/components/quotes-list';
import { AccountInfo } from '@/features/customer-portal/components/account-info';
import { InvoicesList } from '@/features/customer-portal/components/invoices-list';
import { JobPhotos } from '@/features/customer-portal/components/job-photos';
import { PaymentHistory } from '@/features/customer-portal/components/payment-history';
import { PortalMessage } from '@/features/customer-portal/components/portal-message';
import { SavedMethods } from '@/features/customer-portal/components/saved-methods';
import { SummaryCards } from '@/features/customer-portal/components/summary-cards';
import { brandLabel, positiveId } from '@/features/customer-portal/portal-display';
import { addressWithoutToken, forgetPortalToken, rememberPortalToken, storedPortalToken } from '@/features/customer-portal/portal-link-token';

// The payment and card forms load when first opened, not with the portal.
const PayInvoiceDialog = lazy(() => import('@/features/customer-portal/components/pay-invoice-dialog').then((m) => ({ default: m.PayInvoiceDialog })));
const AddPaymentMethodDialog = lazy(() =>
  import('@/features/customer-portal/components/add-payment-method-dialog').then((m) => ({ default: m.AddPaymentMethodDialog })),
);

/**
 * docs/rules/customer-portal.md#who-sees-the-portal: one customer, reached by a signed-in customer, staff previewing
 * `?customer={id}`, or a signed portal link (`#token=`, or `?token=` of older e-mails). Anyone else is sent to
 * sign in. The link's token leaves the address bar at once and stays with this tab (portal-link-token.ts).
 */
export function CustomerPortalScreen() {
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const customerParam = positiveId(searchParams.get('customer'));
  const addressToken = portalTokenFromAddress(location.search, location.hash);
  // A link just opened wins; else the one this tab opened before (a reload), unless staff preview a customer.
  const [token, setToken] = useState<string | undefined>(() => addressToken ?? (customerParam ? undefined : storedPortalToken()));
  useEffect(() => {
    if (!addressToken) return;
    rememberPortalToken(addressToken);
    setToken(addressToken);
    // history.replaceState underneath: the token is in no history entry, bookmark or screenshot of the address.
    void navigate(addressWithoutToken(location), { replace: true });
  }, [addressToken, location, navigate]);
  const access = useMemo<PortalAccess>(() => (token ? { token } : { customer: customerParam }), [token, customerParam]);
  const portal = usePortal(access, !isLoading && (Boolean(user) || Boolean(token)));
  const refusedLink = Boolean(token) && isApiError(portal.error, 401);
  useEffect(() => {
    if (refusedLink) forgetPortalToken();
  }, [refusedLink]);

  useEffect(() => {
    document.title = 'Customer Portal · Tradebook';
  }, []);

  if (isLoading) return <PageSpinner />;
  if (!user && !token) return <Navigate to="/login" replace />;

  const data = portal.data;
  const organization = data?.organization.slug
    ? { name: data.organization.name, logo: data.organization.logo, slug: data.organization.slug }
    : user?.organization?.slug
      ? { name: user.organization.name, logo: user.organization.logo, slug: user.organization.slug }
      : null;

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicImpersonationBanner />
      <PublicHeader organization={organization} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-6 md:py-8">
        {portal.isPending ? (
          <PortalSkeleton />
        ) : portal.isError ? (
          <PortalProblem error={portal.error} hasToken={Boolean(token)} isStaff={Boolean(user && isStaffRole(user.role))} hasCustomer={Boolean(customerParam)} />
        ) : (
          <PortalContent data={portal.data} access={access} />
        )}
      </main>
    </div>
  );
}

function PortalContent({ data, access }: { data: PortalResponse; access: PortalAccess }) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<PortalInvoice | null>(null);
  const [addingMethod, setAddingMethod] = useState(false);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: portalKeys.all });

  const [downloadingNoteId, setDownloadingNoteId] = useState<number | null>(null);
  /** A PDF download with the portal's messages, its button busy meanwhile. */
  const downloading = async (setBusy: (id: number | null) => void, id: number, save: () => Promise<string>) => {
    setBusy(id);
    try {
      await save();
      toast({ title: PORTAL_MESSAGES.downloaded });
    } catch (error) {
      toast({ variant: 'destructive', title: PORTAL_MESSAGES.downloadFailed, description: errorMessage(error, '') || undefined });
    } finally {
      setBusy(null);
    }
  };
  const download = (invoice: PortalInvoice) => downloading(setDownloadingId, invoice.id, () => downloadPortalInvoice(access, invoice));
  const downloadNote = (note: PortalCreditNote) => downloading(setDownloadingNoteId, note.id, () => downloadPortalCreditNote(access, note));

  const [savingAutoPay, setSavingAutoPay] = useState(false);
  const changeAutoPay = async (enabled: boolean) => {
    setSavingAutoPay(true);
    try {
      await setAutoPay(access, data.customer.id, enabled);
      await refresh();
      toast({ title: enabled ? 'Auto-pay is on' : 'Auto-pay is off', description: enabled ? 'New invoices will be charged to your default card.' : undefined });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Auto-pay was not changed', description: errorMessage(error, '') || undefined });
    } finally {
      setSavingAutoPay(false);
    }
  };

  const { customer } = data;
  return (
    <div className="space-y-6">
      {data.viewer === 'staff' && (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900">
          <Eye className="size-4 shrink-0" aria-hidden />
          <span>You are previewing {customer.name}&apos;s portal as staff.</span>
          {!data.canPay && <span>Paying and saving cards are left to the customer and to staff who process payments.</span>}
        </div>
      )}
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="portal-greeting">
          Welcome, {customer.name}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">Your invoices, payments and saved cards with {data.organization.name}.</p>
      </div>
      <AccountInfo customer={customer} />
      <SummaryCards summary={data.summary} />
      <QuotesList quotes={data.quotes} word={data.quotesLabel} />
      <InvoicesList invoices={data.invoices} downloadingId={downloadingId} onDownload={download} onPay={data.canPay ? setPaying : undefined} />
      <JobPhotos attachments={data.jobAttachments} access={access} />
      <CreditNotesList notes={data.creditNotes} downloadingId={downloadingNoteId} onDownload={downloadNote} />
      <SavedMethods
        methods={data.paymentMethods}
        onAdd={data.canPay ? () => setAddingMethod(true) : undefined}
        autoPay={data.canPay ? { enabled: customer.autoPayEnabled, busy: savingAutoPay, onChange: changeAutoPay } : undefined}
      />
      <PaymentHistory payments={data.payments} />
      <Suspense fallback={null}>
        {paying && (
          <PayInvoiceDialog
            access={access}
            invoice={paying}
            onClose={() => setPaying(null)}
            onPaid={() => {
              setPaying(null);
              void refresh();
              toast({ title: PORTAL_MESSAGES.paymentSuccessTitle, description: PORTAL_MESSAGES.paymentSuccess });
            }}
          />
        )}
        {addingMethod && (
          <AddPaymentMethodDialog
            access={access}
            customerId={customer.id}
            onClose={() => setAddingMethod(false)}
            onSaved={(method) => {
              setAddingMethod(false);
              void refresh();
              toast({ title: 'Payment method saved', description: `${brandLabel(method.brand)} ending in ${method.last4 ?? '----'}` });
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

/** Why the portal cannot be shown, in words the visitor can act on. */
function PortalProblem({ error, hasToken, isStaff, hasCustomer }: { error: unknown; hasToken: boolean; isStaff: boolean; hasCustomer: boolean }) {
  if (hasToken && isApiError(error, 401)) {
    return (
      <PortalMessage title="Link invalid or expired" message={PORTAL_MESSAGES.invalidToken}>
        <p className="text-sm text-muted-foreground">Ask the business to send you a new portal link, or sign in to your account.</p>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/login">Sign in</Link>
        </Button>
      </PortalMessage>
    );
  }
  if (isStaff && !hasCustomer && isApiError(error, 401)) {
    return (
      <PortalMessage title="Choose a customer" message="Open a customer's portal from the Customers screen to preview it.">
        <Button asChild>
          <Link to="/customers">Go to Customers</Link>
        </Button>
      </PortalMessage>
    );
  }
  if (isApiError(error, 403)) return <PortalMessage title="Portal unavailable" message={errorMessage(error, PORTAL_MESSAGES.accessDisabled)} />;
  if (isApiError(error, 404)) return <PortalMessage title="Account not found" message={errorMessage(error, PORTAL_MESSAGES.noCustomer)} />;
  if (isApiError(error, 401)) {
    return <PortalMessage title="Sign in required" message="Sign in with your customer account, or open the portal link you were sent." />;
  }
  return <PortalMessage title="Failed to load the portal" message={errorMessage(error, 'Please try again later.')} />;
}

function PortalSkeleton() {
  return (
    <div className="space-y-6" data-testid="portal-loading">
      <Skeleton className="h-8 w-64 max-w-full" />
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
