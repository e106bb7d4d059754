// The toasts of the three recommended actions, each with the number the server reports.
import { ACTION_REPEAT_HOURS } from '@contracts/action-window';
import type { EnablePortalResult, SendAutoPayInvitesResult, SendRemindersResult } from '@contracts/payment-analytics';
import { countOf } from './analytics-display';

export interface ActionToast {
  title: string;
  description: string;
  variant?: 'destructive';
}

/** "Sent 5 reminders, 2 skipped (reminded within 24 hours)." Each count is of customers, one e-mail each. */
export function remindersToast(r: SendRemindersResult): ActionToast {
  return sendToast(r, 'reminder', 'reminded', ['Reminders sent', 'Reminders not sent', 'No reminders sent']);
}

export function portalToast(r: EnablePortalResult): ActionToast {
  return { title: 'Portal access enabled', description: `Portal access turned on for ${countOf(r.updated, 'customer')}.` };
}

/** "Sent 4 auto-pay invitations, 1 skipped (no email address)." */
export function invitesToast(r: SendAutoPayInvitesResult): ActionToast {
  return sendToast(r, 'auto-pay invitation', 'invited', ['Invitations sent', 'Invitations not sent', 'No invitations sent']);
}

function sendToast(
  r: SendRemindersResult | SendAutoPayInvitesResult,
  what: string,
  done: string,
  [sentTitle, failedTitle, noneTitle]: [string, string, string],
): ActionToast {
  const parts = [`Sent ${countOf(r.sent, what)}`];
  if (r.skippedRecent > 0) parts.push(`${number(r.skippedRecent)} skipped (${done} within ${ACTION_REPEAT_HOURS} hours)`);
  if (r.skippedWithoutEmail > 0) parts.push(`${number(r.skippedWithoutEmail)} skipped (no email address)`);
  if (r.failed > 0) parts.push(`${number(r.failed)} could not be sent`);
  const description = `${parts.join(', ')}.`;
  if (r.sent > 0) return { title: sentTitle, description };
  if (r.failed > 0) return { title: failedTitle, description, variant: 'destructive' };
  return { title: noneTitle, description };
}

const number = (n: number) => new Intl.NumberFormat('en-US').format(n);

export const ACTION_FAILURE_TITLES = {
  'send-reminders': 'Failed to send reminders',
  'enable-portal': 'Failed to enable portal access',
  'send-autopay-invites': 'Failed to send invitations',
} as const;
