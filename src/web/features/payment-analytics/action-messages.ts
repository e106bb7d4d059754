// The toasts of the three recommended actions, each with the number the server reports.
import type { EnablePortalResult, SendAutoPayInvitesResult, SendRemindersResult } from '@contracts/payment-analytics';
import { countOf } from './analytics-display';

export interface ActionToast {
  title: string;
  description: string;
  variant?: 'destructive';
}

export function remindersToast(r: SendRemindersResult): ActionToast {
  const parts = [`${countOf(r.sent, 'reminder')} sent`];
  if (r.skippedWithoutEmail > 0) parts.push(`${countOf(r.skippedWithoutEmail, 'customer')} without an email address skipped`);
  if (r.failed > 0) parts.push(`${countOf(r.failed, 'email')} could not be sent`);
  const failedOnly = r.sent === 0 && r.failed > 0;
  return { title: failedOnly ? 'Reminders not sent' : 'Reminders sent', description: `${parts.join('; ')}.`, variant: failedOnly ? 'destructive' : undefined };
}

export function portalToast(r: EnablePortalResult): ActionToast {
  return { title: 'Portal access enabled', description: `Portal access turned on for ${countOf(r.updated, 'customer')}.` };
}

export function invitesToast(r: SendAutoPayInvitesResult): ActionToast {
  const parts = [`${countOf(r.sent, 'auto-pay invitation')} sent`];
  if (r.failed > 0) parts.push(`${countOf(r.failed, 'email')} could not be sent`);
  const failedOnly = r.sent === 0 && r.failed > 0;
  return { title: failedOnly ? 'Invitations not sent' : 'Invitations sent', description: `${parts.join('; ')}.`, variant: failedOnly ? 'destructive' : undefined };
}

export const ACTION_FAILURE_TITLES = {
  'send-reminders': 'Failed to send reminders',
  'enable-portal': 'Failed to enable portal access',
  'send-autopay-invites': 'Failed to send invitations',
} as const;
