// The estimate's way through approval inside its dialog (docs/rules/records.md#estimate-form): when it was sent and
// viewed, the customer's answers (the signature drawn, the reason, the changes asked for), its version and the earlier
// ones, what it became, and the customer's link while it is open.
import { Link } from 'react-router';
import { CheckCircle2, Eye, FileInput, MessageSquareText, Send, XCircle } from 'lucide-react';
import { estimateLocked, type Estimate, type EstimateResponse } from '@contracts/estimates';
import { formatDate, formatDateTime } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { StatusBadge } from '@/components/status-badge';
import { ApprovalLink } from '@/features/estimates/components/approval-link';
import { SignatureImage } from '@/features/estimates/components/signature-image';
import { approvalTimeline, type TimelineEvent } from '@/features/estimates/lib/approval-timeline';
import { approvalUrlOf } from '@/features/estimates/lib/copy-link';
import { useRecordWord } from '@/lib/use-labels';

/** Whether there is anything to show: a draft never sent, in its first version, has no approval story yet. */
export function hasApprovalStory(e: Estimate): boolean {
  return e.version > 1 || e.sentAt !== null || e.responses.length > 0 || e.workOrders.length > 0 || e.invoices.length > 0 || e.approvalPath !== null;
}

function ResponseItem({ response, current }: { response: EstimateResponse; current: number }) {
  const older = response.version !== current ? ` (version ${response.version})` : '';
  if (response.kind === 'approved') {
    return (
      <div className="grid min-w-0 gap-2">
        <p>
          <span className="font-medium">Approved by {response.signerName ?? 'the customer'}</span> on {formatDateTime(response.createdAt)}
          {response.ip && <> from IP {response.ip}</>}
          {response.total && <> for {formatMoney(response.total)}</>}
          {older}
        </p>
        {response.signature && <SignatureImage signature={response.signature} signerName={response.signerName} />}
      </div>
    );
  }
  const declined = response.kind === 'declined';
  return (
    <div className="grid min-w-0 gap-1">
      <p>
        <span className="font-medium">{declined ? 'Declined' : 'Changes requested'}</span> on {formatDateTime(response.createdAt)}
        {older}
      </p>
      {response.message && (
        <blockquote className="border-l-2 pl-3 break-words whitespace-pre-line text-muted-foreground">
          {declined ? 'Reason: ' : ''}
          {response.message}
        </blockquote>
      )}
    </div>
  );
}

const ICONS = { sent: Send, viewed: Eye, converted: FileInput, approved: CheckCircle2, declined: XCircle, changes_requested: MessageSquareText } as const;

function EventItem({ event, estimate }: { event: TimelineEvent; estimate: Estimate }) {
  const key = event.kind === 'response' ? event.response.kind : event.kind;
  const Icon = ICONS[key];
  const tone = key === 'approved' ? 'text-emerald-700' : key === 'declined' ? 'text-red-700' : 'text-muted-foreground';
  return (
    <li className="grid grid-cols-[1rem_minmax(0,1fr)] gap-x-3" data-testid="approval-event" data-kind={key}>
      <Icon aria-hidden className={`mt-0.5 size-4 ${tone}`} />
      {event.kind === 'response' ? (
        <ResponseItem response={event.response} current={estimate.version} />
      ) : (
        <p>
          <span className="font-medium">{event.kind === 'sent' ? 'Sent' : event.kind === 'viewed' ? 'Viewed' : 'Converted'}</span> {formatDateTime(event.at)}
        </p>
      )}
    </li>
  );
}

export function EstimateApprovalPanel({ estimate }: { estimate: Estimate }) {
  const job = useRecordWord('workOrders');
  const bill = useRecordWord('invoices');
  const events = approvalTimeline(estimate);
  const showLink = estimate.approvalPath !== null && !estimateLocked(estimate.status);
  const became = [
    ...estimate.workOrders.map((w) => ({ key: `wo-${w.id}`, to: `/work-orders?open=${w.id}`, label: `${job.title} ${w.orderNumber}` })),
    ...estimate.invoices.map((i) => ({ key: `inv-${i.id}`, to: `/invoices?open=${i.id}`, label: `${bill.title} ${i.invoiceNumber}` })),
  ];
  return (
    <section aria-labelledby="estimate-approval-heading" className="grid min-w-0 gap-3 rounded-md border p-3 text-sm sm:p-4" data-testid="estimate-approval">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="estimate-approval-heading" className="font-medium">
          Approval
        </h3>
        <span className="text-muted-foreground" data-testid="estimate-version">
          Version {estimate.version}
        </span>
      </div>
      {events.length > 0 ? (
        <ol className="grid gap-3" aria-label="What happened">
          {events.map((event, i) => (
            <EventItem key={i} event={event} estimate={estimate} />
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">Not sent for approval yet.</p>
      )}
      {showLink && estimate.approvalPath && <ApprovalLink url={approvalUrlOf(estimate.approvalPath)} />}
      {became.length > 0 && (
        <div className="grid gap-1" data-testid="estimate-conversions">
          <p className="font-medium">Converted to</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {became.map((b) => (
              <li key={b.key}>
                <Link to={b.to} className="font-medium text-primary underline-offset-4 hover:underline">
                  {b.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {estimate.versions.length > 0 && (
        <div className="grid gap-1">
          <p className="font-medium">Earlier versions</p>
          <ul className="divide-y rounded-md border" data-testid="estimate-versions">
            {estimate.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
                <span>
                  Version {v.version} <span className="text-muted-foreground">· replaced {formatDate(v.createdAt)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <StatusBadge status={v.status} />
                  <span className="font-medium tabular-nums">{formatMoney(v.total)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
