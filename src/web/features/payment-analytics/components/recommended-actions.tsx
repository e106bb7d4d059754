import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Bell, CreditCard, Globe } from 'lucide-react';
import type { PaymentAnalytics } from '@contracts/payment-analytics';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ACTION_FAILURE_TITLES, invitesToast, remindersToast } from '@/features/payment-analytics/action-messages';
import { countOf } from '@/features/payment-analytics/analytics-display';
import { useAnalyticsAction, type OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';

// The confirmation (Radix alert dialog) loads when first needed, not with the screen.
const EnablePortalDialog = lazy(() =>
  import('@/features/payment-analytics/components/enable-portal-dialog').then((m) => ({ default: m.EnablePortalDialog })),
);

interface RecommendedActionsProps {
  recommended: PaymentAnalytics['recommended'];
  organizationId: OrganizationScope;
  canManagePayments: boolean;
  canManageCustomers: boolean;
  /** A super user looking at every organization must pick one before acting. */
  needsOrganization: boolean;
}

function ActionRow({ icon: Icon, text, children }: { icon: typeof Bell; text: string; children?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <p className="text-sm">{text}</p>
      </div>
      {children}
    </li>
  );
}

export function RecommendedActions({ recommended, organizationId, canManagePayments, canManageCustomers, needsOrganization }: RecommendedActionsProps) {
  const reminders = useAnalyticsAction('send-reminders');
  const invites = useAnalyticsAction('send-autopay-invites');
  const [confirmPortal, setConfirmPortal] = useState(false);
  const { overdueCustomers, withoutPortal, cardWithoutAutoPay } = recommended;
  const canAct = !needsOrganization;

  const sendReminders = () =>
    reminders.mutate(organizationId, {
      onSuccess: (r) => toast(remindersToast(r)),
      onError: (error) => toast({ variant: 'destructive', title: ACTION_FAILURE_TITLES['send-reminders'], description: errorMessage(error) }),
    });
  const sendInvites = () =>
    invites.mutate(organizationId, {
      onSuccess: (r) => toast(invitesToast(r)),
      onError: (error) => toast({ variant: 'destructive', title: ACTION_FAILURE_TITLES['send-autopay-invites'], description: errorMessage(error) }),
    });

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
              <ActionRow icon={Bell} text={`${countOf(overdueCustomers, 'customer has', 'customers have')} overdue invoices. Email each one a payment reminder.`}>
                {canManagePayments && canAct && (
                  <Button onClick={sendReminders} disabled={reminders.isPending}>
                    {reminders.isPending ? 'Sending...' : 'Send Reminders'}
                  </Button>
                )}
              </ActionRow>
            )}
            {withoutPortal > 0 && (
              <ActionRow icon={Globe} text={`${countOf(withoutPortal, 'customer does', 'customers do')} not have portal access to view and pay invoices online.`}>
                {canManageCustomers && canAct && <Button onClick={() => setConfirmPortal(true)}>Enable Portal ({withoutPortal})</Button>}
              </ActionRow>
            )}
            {cardWithoutAutoPay > 0 && (
              <ActionRow icon={CreditCard} text={`${countOf(cardWithoutAutoPay, 'customer prefers', 'customers prefer')} card payments without auto-pay. Invite them to set it up.`}>
                {canManagePayments && canAct && (
                  <Button onClick={sendInvites} disabled={invites.isPending}>
                    {invites.isPending ? 'Sending...' : 'Send Invites'}
                  </Button>
                )}
              </ActionRow>
            )}
          </ul>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {confirmPortal && <EnablePortalDialog count={withoutPortal} organizationId={organizationId} onClose={() => setConfirmPortal(false)} />}
      </Suspense>
    </Card>
  );
}
