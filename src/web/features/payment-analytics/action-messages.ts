// The toasts of the three recommended actions, each with the number the server reports.
import { ACTION_REPEAT_HOURS } from '@contracts/action-window';
import type { ActionSet, EnablePortalResult, SendAutoPayInvitesResult, SendRemindersResult } from '@contracts/payment-analytics';
import type { LabelSet } from '@contracts/vocabulary';
import { countOf, recordCount } from './analytics-display';

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

/** " 2 reminded within the last 24 hours and 1 without an email address will be skipped." or nothing. */
function skippedSentence(set: ActionSet, done: string): string {
  const parts: string[] = [];
  if (set.recent > 0) parts.push(`${number(set.recent)} ${done} within the last ${ACTION_REPEAT_HOURS} hours`);
  if (set.withoutEmail > 0) parts.push(`${number(set.withoutEmail)} without an email address`);
  return parts.length ? ` ${parts.join(' and ')} will be skipped.` : '';
}

/** The confirmation names the count the server computed with the query the action runs. */
export function remindersConfirmation(set: ActionSet, labels: Pick<LabelSet, 'customers' | 'invoices'>) {
  return {
    title: 'Send payment reminders?',
    description: `${recordCount(set.ready, labels.customers)} with overdue ${labels.invoices.toLowerCase()} will each get one email listing them, with a link to pay.${skippedSentence(set, 'reminded')}`,
    confirmLabel: `Send ${countOf(set.ready, 'reminder')}`,
    pendingLabel: 'Sending...',
  };
}

export function invitesConfirmation(set: ActionSet, labels: Pick<LabelSet, 'customers'>) {
  return {
    title: 'Send auto-pay invitations?',
    description: `${recordCount(set.ready, labels.customers)} who prefer card will each get one email inviting them to set up auto-pay.${skippedSentence(set, 'invited')}`,
    confirmLabel: `Send ${countOf(set.ready, 'invitation')}`,
    pendingLabel: 'Sending...',
  };
}

export function portalConfirmation(count: number, labels: Pick<LabelSet, 'customers' | 'invoices'>) {
  return {
    title: 'Enable portal access?',
    description: `Portal access will be turned on for ${recordCount(count, labels.customers)} without it. They will be able to sign in to the customer portal to view their ${labels.invoices.toLowerCase()} and pay online.`,
    confirmLabel: 'Enable Portal',
    pendingLabel: 'Enabling...',
  };
}

/** Under the row: who the action will skip now, or nothing. "2 reminded within the last 24 hours." */
export function skippedNote(set: ActionSet, done: string): string | null {
  const sentence = skippedSentence(set, done).trim();
  return sentence ? sentence.replace(/ will be skipped\.$/, '.') : null;
}
