// The token of a customer's reschedule-or-cancel link (docs/rules/scheduling.md#changing-by-link), made for each
// e-mail about a standing appointment and kept hashed.
import type { DbOrTx } from '../../db/client';
import { appointmentLinks } from '../../db/schema/index';
import { hashToken, newToken } from '../../platform/tokens';

/** A new link for an appointment's e-mail: the URL of the customer's page. */
export async function issueAppointmentLink(db: DbOrTx, organizationId: number, appointmentId: number, appUrl: string): Promise<string> {
  const token = newToken();
  await db.insert(appointmentLinks).values({ organizationId, appointmentId, tokenHash: hashToken(token) });
  return `${appUrl}/appointment/${token}`;
}
