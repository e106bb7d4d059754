// Who Send Invites reaches: customers who prefer card and have no auto-pay (docs/rules/money-and-payments.md#recommended-actions).
// The Recommended Actions count and the action itself use these conditions, so the count is what the action does;
// a customer is invited at most once in ACTION_REPEAT_HOURS hours, however many clicks or tabs ask
// (docs/decisions/017-money-figures.md).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ACTION_REPEAT_HOURS, type ActionSet } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/index';
import { at } from '../documents/balance-due';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

const HOUR_MS = 3_600_000;

/** Prefers card and has no auto-pay: whom the action is about. */
export const isAutoPayInvitee = () => and(eq(customers.preferredPaymentMethod, 'card'), eq(customers.autoPayEnabled, false))!;

export const hasEmail = () => sql`coalesce(btrim(${customers.email}), '') <> ''`;

/** Claimed for an invitation within the last ACTION_REPEAT_HOURS hours. */
export const invitedRecently = (now: Date) => sql`coalesce(${customers.autopayInvitedAt} > ${at(new Date(now.getTime() - ACTION_REPEAT_HOURS * HOUR_MS))}, false)`;

/** Ready for an invitation now: an invitee with an e-mail address, not invited recently. */
export const isReadyForInvite = (now: Date) => sql`(${isAutoPayInvitee()} and ${hasEmail()} and not ${invitedRecently(now)})`;

/** The invitees in scope, split as the action will treat them. */
export async function inviteSetFigures(db: DbOrTx, scope: TenantScope, now: Date): Promise<{ all: number; invites: ActionSet }> {
  const n = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [r] = await db
    .select({ all: sql<number>`count(*)::int`, ready: n(isReadyForInvite(now)), withoutEmail: n(sql`not ${hasEmail()}`) })
    .from(customers)
    .where(tenantWhere(scope, customers, isAutoPayInvitee()));
  const all = Number(r?.all ?? 0);
  const ready = Number(r?.ready ?? 0);
  const withoutEmail = Number(r?.withoutEmail ?? 0);
  return { all, invites: { ready, recent: all - ready - withoutEmail, withoutEmail } };
}
