import { useEffect, useRef, type ReactNode } from 'react';
import { Ban, CheckCircle2, CircleAlert, Clock, Download, History, MessageSquareText, SearchX } from 'lucide-react';
import { formatDate, formatPhone } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { StateCard } from '@/components/public/state-card';
import { cn } from '@/lib/utils';
import type { QuoteState } from '@/features/quote-approval/lib/quote-status';

interface Organization {
  name: string;
  phone: string | null;
  email: string | null;
}

function Panel({ icon, tone, title, children, testId, focusOnMount }: { icon: ReactNode; tone: string; title: string; children: ReactNode; testId: string; focusOnMount: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Just answered: the answer's outcome replaces the form below, so the reader is taken to it.
    if (!focusOnMount) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center' });
  }, [focusOnMount]);
  return (
    <section aria-labelledby={`${testId}-title`} className={cn('flex gap-3 rounded-lg border p-4', tone)} data-testid={testId}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 space-y-1.5 text-sm">
        <h2 id={`${testId}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

const contactText = (org: Organization) =>
  `${org.name}${org.email ? ` at ${org.email}` : ''}${org.phone ? `${org.email ? ' or' : ' at'} ${formatPhone(org.phone)}` : ''}`;

interface QuoteOutcomeProps {
  state: Exclude<QuoteState, { kind: 'open' }>;
  /** As it starts a sentence: "Quote", "Treatment Plan". */
  word: string;
  organization: Organization;
  pdfUrl: string;
  focusOnMount: boolean;
}

/** The quote's answer, or why it can no longer be answered here. */
export function QuoteOutcome({ state, word, organization, pdfUrl, focusOnMount }: QuoteOutcomeProps) {
  const lower = word.toLowerCase();
  switch (state.kind) {
    case 'approved':
      return (
        <Panel
          testId="quote-approved"
          focusOnMount={focusOnMount}
          tone="border-emerald-200 bg-emerald-50 text-emerald-950"
          icon={<CheckCircle2 className="size-6 text-emerald-700" aria-hidden />}
          title={state.signerName ? `Approved by ${state.signerName} on ${formatDate(state.signedAt)}` : `This ${lower} has been approved`}
        >
          <p>
            Approved total: <span className="font-semibold tabular-nums">{formatMoney(state.total)}</span>. {organization.name} has been told and will be in touch
            about the next steps.
          </p>
          <Button asChild size="sm" variant="outline" className="mt-1">
            <a href={pdfUrl} download>
              <Download aria-hidden />
              Download signed PDF
            </a>
          </Button>
        </Panel>
      );
    case 'declined':
      return (
        <Panel
          testId="quote-declined"
          focusOnMount={focusOnMount}
          tone="border-red-200 bg-red-50 text-red-950"
          icon={<Ban className="size-6 text-red-700" aria-hidden />}
          title={`This ${lower} was declined`}
        >
          <p>We&apos;ve let {organization.name} know. Changed your mind? Contact {contactText(organization)}.</p>
        </Panel>
      );
    case 'changes_requested':
      return (
        <Panel
          testId="quote-changes-requested"
          focusOnMount={focusOnMount}
          tone="border-violet-200 bg-violet-50 text-violet-950"
          icon={<MessageSquareText className="size-6 text-violet-700" aria-hidden />}
          title="Changes requested"
        >
          <p>We&apos;ve sent your message to {organization.name}. They will send you an updated {lower}.</p>
        </Panel>
      );
    case 'expired':
      return (
        <Panel
          testId="quote-expired"
          focusOnMount={focusOnMount}
          tone="border-amber-200 bg-amber-50 text-amber-950"
          icon={<Clock className="size-6 text-amber-700" aria-hidden />}
          title={state.on ? `This ${lower} expired on ${formatDate(state.on)}` : `This ${lower} has expired`}
        >
          <p>It can no longer be approved online. For a new {lower}, contact {contactText(organization)}.</p>
        </Panel>
      );
    case 'closed':
      return (
        <Panel
          testId="quote-closed"
          focusOnMount={focusOnMount}
          tone="border-slate-200 bg-slate-50 text-slate-950"
          icon={<CircleAlert className="size-6 text-slate-600" aria-hidden />}
          title={`This ${lower} can no longer be answered online`}
        >
          <p>It may have been replaced by a newer version. Please contact {contactText(organization)}.</p>
        </Panel>
      );
  }
}

export function QuoteNotFound() {
  return (
    <StateCard testId="quote-not-found" icon={<SearchX className="size-7" aria-hidden />} title="Quote Not Found">
      <p>This link does not lead to a quote. Check that the address was copied completely, or ask the business to send it again.</p>
    </StateCard>
  );
}

export function QuoteReplaced({ message }: { message: string }) {
  return (
    <StateCard testId="quote-replaced" icon={<History className="size-7" aria-hidden />} title="This Quote Was Updated">
      <p>{message}</p>
    </StateCard>
  );
}

export function QuoteLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateCard testId="quote-load-failed" icon={<CircleAlert className="size-7" aria-hidden />} title="Could Not Load the Quote">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry} className="mt-2">
        Try again
      </Button>
    </StateCard>
  );
}
