import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Bell, CreditCard, Globe } from 'lucide-react';
import type { PaymentAnalytics } from '@contracts/payment-analytics';
import type { LabelSet } from '@contracts/vocabulary';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  invitesConfirmation,
  portalConfirmation,
  remindersConfirmation,
  skippedNote,
} from '@/features/payment-analytics/action-messages';
import { recordCount } from '@/features/payment-analytics/analytics-display';
import type { AnalyticsAction, OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';

// The confirmation (Radix alert dialog) loads when first needed, not with the screen.
const ConfirmActionDialog = lazy(() =>
  import('@/features/payment-analytics/components/confirm-action-dialog').then((m) => ({ default: m.ConfirmActionDialog })),
);

interface RecommendedActionsProps {
  recommended: PaymentAnalytics['recommended'];
  /** The organization's words for customers and invoices. */
  labels: LabelSet;
  organizationId: OrganizationScope;
  canManagePayments: boolean;
  canManageCustomers: boolean;
  /** A super user looking at every organization must pick one before acting. */
  needsOrganization: boolean;
}

function ActionRow({ icon: Icon, text, note, testId, children }: { icon: typeof Bell; text: string; note?: string | null; testId: string; children?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between" data-testid={testId}>
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="space-y-1">
          <p className="text-sm">{text}</p>
          {note && <p className="text-xs text-muted-foreground">{note}</p>}
        </div>
      </div>
      {children}
    </li>
  );
}

/**
 * Each button names the number of customers the action will reach now, as the server counts them with the query the
 * action runs (docs/decisions/017-money-figures.md); it asks once before sending.
 */
export function RecommendedActions({ recommended, labels, organizationId, canManagePayments, canManageCustomers, needsOrganization }: RecommendedActionsProps) {
  const [confirming, setConfirming] = useState<AnalyticsAction | null>(null);
  const { overdueCustomers, reminders, withoutPortal, cardWithoutAutoPay, invites } = recommended;
  const canAct = !needsOrganization;
  const confirmation =
    confirming === 'send-reminders'
      ? remindersConfirmation(reminders, labels)
      : confirming === 'send-autopay-invites'
        ? invitesConfirmation(invites, labels)
        : portalConfirmation(withoutPortal, labels);

  const noActionsNeeded = overdueCustomers === 0 && withoutPortal === 0 && cardWithoutAutoPay === 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recommended Actions</CardTitle>
        {needsOrganization && !noActionsNeeded && <CardDescription>Choose an organization above to act on its customers.</CardDescription>}
      </CardHeader>
      <CardContent>
        {noActionsNeeded ? (
          <p className="text-sm text-muted-foreground">No recommended actions right now.</p>
        ) : (
          <ul className="space-y-3">
            {overdueCustomers > 0 && (
              <ActionRow
                icon={Bell}
                testId="action-send-reminders"
                text={`${recordCount(overdueCustomers, labels.customers)} ${overdueCustomers === 1 ? 'has' : 'have'} overdue ${labels.invoices.toLowerCase()}. Email each one a payment reminder.`}
                note={skippedNote(reminders, 'reminded')}
              >
                {canManagePayments && canAct && (
                  <Button onClick={() => setConfirming('send-reminders')} disabled={reminders.ready === 0 || confirming !== null}>
                    Send Reminders ({reminders.ready})
                  </Button>
                )}
              </ActionRow>
            )}
            {withoutPortal > 0 && (
              <ActionRow
                icon={Globe}
                testId="action-enable-portal"
                text={`${recordCount(withoutPortal, labels.customers)} ${withoutPortal === 1 ? 'does' : 'do'} not have portal access to view and pay ${labels.invoices.toLowerCase()} online.`}
              >
                {canManageCustomers && canAct && (
                  <Button onClick={() => setConfirming('enable-portal')} disabled={confirming !== null}>
                    Enable Portal ({withoutPortal})
                  </Button>
                )}
              </ActionRow>
            )}
            {cardWithoutAutoPay > 0 && (
              <ActionRow
                icon={CreditCard}
                testId="action-send-invites"
                text={`${recordCount(cardWithoutAutoPay, labels.customers)} ${cardWithoutAutoPay === 1 ? 'prefers' : 'prefer'} card payments without auto-pay. Invite them to set it up.`}
                note={skippedNote(invites, 'invited')}
              >
                {canManagePayments && canAct && (
                  <Button onClick={() => setConfirming('send-autopay-invites')} disabled={invites.ready === 0 || confirming !== null}>
                    Send Invites ({invites.ready})
                  </Button>
                )}
              </ActionRow>
            )}
          </ul>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {confirming && (
          <ConfirmActionDialog key={confirming} action={confirming} organizationId={organizationId} confirmation={confirmation} onClose={() => setConfirming(null)} />
        )}
      </Suspense>
    </Card>
  );
}
