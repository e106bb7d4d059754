import { useWatch } from 'react-hook-form';
import { Download, Mail, Phone } from 'lucide-react';
import type { PublicQuote } from '@contracts/estimates';
import { formatDate, formatPhone } from '@contracts/format';
import { OrganizationLogo } from '@/components/public/organization-logo';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { quotePdfUrl } from '@/features/quote-approval/api/quote-api';
import { useApproveForm } from '@/features/quote-approval/components/approve-form';
import { DepositSection, type PaidDeposit } from '@/features/quote-approval/components/deposit-section';
import { QuoteAnswer } from '@/features/quote-approval/components/quote-answer';
import { QuoteLines, QuoteTotalsList } from '@/features/quote-approval/components/quote-lines';
import { QuoteOutcome } from '@/features/quote-approval/components/quote-outcome';
import { depositRow, liveDeposit } from '@/features/quote-approval/lib/quote-deposit';
import { initiallySelected, quoteTotals, storedQuoteTotals } from '@/features/quote-approval/lib/quote-totals';
import { QUOTE_BADGES, quoteState } from '@/features/quote-approval/lib/quote-status';

interface QuoteViewProps {
  token: string;
  quote: PublicQuote;
  /** True once the customer answered on this page: the outcome takes the focus. */
  answered: boolean;
  onAnswered: (quote: PublicQuote) => void;
  onReload: () => void;
  /** The deposit paid on this page since it was opened, if any. */
  paidDeposit: PaidDeposit | null;
  onDepositPaid: (paid: PaidDeposit) => void;
  /** Reads the quote again without leaving the page (after a deposit payment). */
  onRefresh: () => void;
}

function OrganizationBanner({ organization }: { organization: PublicQuote['organization'] }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <OrganizationLogo name={organization.name} logo={organization.logo} className="size-12 shrink-0 text-lg" />
      <div className="min-w-0 space-y-0.5">
        <p className="truncate text-lg font-semibold" data-testid="quote-organization-name" title={organization.name}>
          {organization.name}
        </p>
        {(organization.phone || organization.email) && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
            {organization.phone && (
              <a href={`tel:${organization.phone}`} className="inline-flex items-center gap-1 hover:text-foreground hover:underline">
                <Phone className="size-3.5" aria-hidden />
                {formatPhone(organization.phone)}
              </a>
            )}
            {organization.email && (
              <a href={`mailto:${organization.email}`} className="inline-flex max-w-full min-w-0 items-center gap-1 hover:text-foreground hover:underline" title={organization.email}>
                <Mail className="size-3.5 shrink-0" aria-hidden />
                <span className="truncate">{organization.email}</span>
              </a>
            )}
          </p>
        )}
      </div>
    </div>
  );
}

/** The quote as the customer reads it, with the answer they can give while it is open. */
export function QuoteView({ token, quote, answered, onAnswered, onReload, paidDeposit, onDepositPaid, onRefresh }: QuoteViewProps) {
  const approveForm = useApproveForm(quote);
  const selectedIds = useWatch({ control: approveForm.control, name: 'selectedOptionalIds' });
  const state = quoteState(quote);
  const lower = quote.word.toLowerCase();
  const pdfUrl = quotePdfUrl(token);
  // While the customer can answer, the totals follow the ticks; afterwards they are the server's.
  const totals = quote.canRespond ? quoteTotals(quote, selectedIds) : storedQuoteTotals(quote);
  const storedSelection = initiallySelected(quote.lineItems);
  const shownSelection = quote.canRespond ? selectedIds : storedSelection;
  // The deposit as the approval would set it: depositCents on the total the ticks make.
  const deposit = quote.canRespond ? liveDeposit({ deposit: quote.deposit, liveTotal: totals.total }) : null;
  const badge = QUOTE_BADGES[quote.status];
  const toggle = (id: number, selected: boolean) => {
    const without = selectedIds.filter((x) => x !== id);
    approveForm.setValue('selectedOptionalIds', selected ? [...without, id] : without, { shouldDirty: true });
  };
  const hasOptional = quote.lineItems.some((l) => l.optional);

  return (
    <Card className="overflow-hidden">
      <CardHeader className="border-b px-4 py-4 sm:p-6">
        <OrganizationBanner organization={quote.organization} />
      </CardHeader>
      <CardContent className="space-y-6 px-4 pt-6 sm:px-6">
        <div className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0 space-y-1">
              <h1 className="text-2xl font-bold tracking-tight" data-testid="quote-heading">
                {quote.word} {quote.estimateNumber}
              </h1>
              <p className="text-lg break-words" data-testid="quote-title">
                {quote.title}
              </p>
            </div>
            <Badge variant="secondary" className={cn('border-transparent text-sm', badge.className)} data-status={quote.status} data-testid="quote-status">
              {badge.label}
            </Badge>
          </div>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {quote.customerName && (
              <div>
                <dt className="text-muted-foreground">Prepared for</dt>
                <dd className="font-medium break-words">{quote.customerName}</dd>
              </div>
            )}
            {quote.validUntil && (
              <div>
                <dt className="text-muted-foreground">Valid until</dt>
                <dd className="font-medium">{formatDate(quote.validUntil)}</dd>
              </div>
            )}
          </dl>
          {quote.description && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{quote.description}</p>}
        </div>

        {state.kind !== 'open' && (
          <QuoteOutcome key={state.kind} state={state} word={quote.word} organization={quote.organization} pdfUrl={pdfUrl} focusOnMount={answered} />
        )}

        {state.kind === 'approved' && <DepositSection token={token} quote={quote} paid={paidDeposit} onPaid={onDepositPaid} onRefresh={onRefresh} />}

        <section aria-labelledby="quote-items-title" className="space-y-4">
          <div className="space-y-1">
            <h2 id="quote-items-title" className="text-lg font-semibold">
              Items
            </h2>
            {hasOptional && quote.canRespond && (
              <p className="text-sm text-muted-foreground" data-testid="optional-items-note">
                Optional items are not included unless you add them; the total updates as you choose.
              </p>
            )}
          </div>
          <QuoteLines
            lines={quote.lineItems}
            word={lower}
            selectedIds={shownSelection}
            onToggle={quote.canRespond ? toggle : undefined}
            disabled={approveForm.formState.isSubmitting}
          />
          <QuoteTotalsList totals={totals} live={quote.canRespond} deposit={depositRow(quote, deposit)} />
        </section>

        {quote.terms && (
          <section aria-labelledby="quote-terms-title" className="space-y-2">
            <h2 id="quote-terms-title" className="text-lg font-semibold">
              Terms
            </h2>
            <p className="text-sm break-words whitespace-pre-line text-muted-foreground" data-testid="quote-terms">
              {quote.terms}
            </p>
          </section>
        )}

        {quote.canRespond && (
          <div className="border-t pt-6">
            <QuoteAnswer token={token} quote={quote} approveForm={approveForm} total={totals.total} deposit={deposit} onAnswered={onAnswered} onReload={onReload} />
          </div>
        )}

        <footer className="flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-xs text-muted-foreground">
          <p>
            Questions about this {lower}? Contact {quote.organization.name}
            {quote.organization.phone ? ` at ${formatPhone(quote.organization.phone)}` : ''}
            {quote.organization.email ? `${quote.organization.phone ? ' or' : ' at'} ${quote.organization.email}` : ''}.
          </p>
          {state.kind !== 'approved' && (
            <a href={pdfUrl} download className="inline-flex items-center gap-1 font-medium text-primary hover:underline" data-testid="quote-pdf-link">
              <Download className="size-3.5" aria-hidden />
              Download PDF
            </a>
          )}
        </footer>
      </CardContent>
    </Card>
  );
}
