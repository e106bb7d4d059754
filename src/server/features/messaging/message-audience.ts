// Customers and guests hold view_messages, but docs/rules/organizations-and-roles.md#server-enforcement gives them only their own data: the
// messages addressed to their e-mail address. Templates are the business's own, so not theirs to read.
import { sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../contracts/permissions';
import { messages } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';

export function isStaff(ctx: RequestContext): boolean {
  return ctx.isSuperUser || STAFF_ROLES.includes(ctx.user.role);
}

/** No filter for staff; for anyone else, only messages with their e-mail among the recipients. */
export function ownMessagesFilter(ctx: RequestContext): SQL | undefined {
  if (isStaff(ctx)) return undefined;
  return sql`${messages.recipients} @> ${JSON.stringify([ctx.user.email.trim().toLowerCase()])}::jsonb`;
}

export function requireStaff(ctx: RequestContext): void {
  if (!isStaff(ctx)) throw forbidden();
}
