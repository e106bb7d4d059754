// A new user: e-mail lower-cased and unique, a random account id, audited (docs/rules/sign-in-and-sessions.md#audit-log). An address that
// belongs to a self-registered guest, or waits in a self-registration, is the admin's to give: the guest account is
// taken over and the registration dropped (docs/decisions/004-registration-proves-the-address.md).
import { randomUUID } from 'node:crypto';
import { USER_MESSAGES, type User } from '../../../contracts/users';
import type { Role } from '../../../contracts/permissions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid } from '../../platform/errors';
import { discardPendingRegistration } from '../auth/pending-registration';
import { writeAudit } from '../audit/write-audit';
import { organizationExists, organizationName } from './find-user';
import { takeOverGuest } from './take-over-guest';
import { organizationForNewUser } from './user-rules';
import { toUserResponse } from './user-response';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  role: Role;
  organizationId?: number | null;
}

export async function createUser(db: Db, ctx: RequestContext, input: NewUser): Promise<User> {
  const organizationId = organizationForNewUser(ctx, input.role, input.organizationId);
  return db.transaction(async (tx) => {
    if (ctx.isSuperUser && organizationId !== null && !(await organizationExists(tx, organizationId))) {
      throw invalid(`organizationId: ${USER_MESSAGES.organizationNotFound}`, [{ path: 'organizationId', message: USER_MESSAGES.organizationNotFound }]);
    }
    const email = input.email.toLowerCase();
    const values = { firstName: input.firstName, lastName: input.lastName, companyName: input.companyName, organizationId, role: input.role };
    await discardPendingRegistration(tx, email);
    const [created] = await tx
      .insert(users)
      .values({ accountId: randomUUID(), email, ...values })
      // The unique index decides, so two concurrent requests for one address cannot both create it.
      .onConflictDoNothing({ target: users.email })
      .returning();
    const takenOver = created ? null : await takeOverGuest(tx, email, values);
    const row = created ?? takenOver?.user;
    if (!row) throw conflict(USER_MESSAGES.duplicateEmail);
    // A takeover is this user's creation as far as the organization is concerned; the details say whose account it was.
    const tookOver = takenOver ? { tookOver: 'guest', previousOrganizationId: takenOver.previous.organizationId } : {};
    await writeAudit(tx, ctx, {
      action: 'user.create',
      entityType: 'user',
      entityId: row.id,
      organizationId,
      details: { email: row.email, role: row.role, organizationId, ...tookOver },
    });
    return toUserResponse(row, await organizationName(tx, organizationId));
  });
}
