// Numbers that answered STOP to the installation's sending number (docs/rules/messaging.md#sms-opt-outs). The SMS
// sender asks before every send, whoever calls it, so no feature can forget; the conversations feature writes them.
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { smsOptOuts } from '../../db/schema/index';
import { toE164 } from './e164';

/** What the outbox row of a send refused for an opt-out says, and the sender's result carries. */
export const OPTED_OUT_ERROR = 'Not sent: the recipient opted out of text messages (replied STOP)';

/** The number as opt-outs are keyed: E.164, or as given when it cannot be one. */
export const optOutKey = (phone: string): string => toE164(phone) ?? phone.trim();

export async function isOptedOut(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, optOutKey(phone))).limit(1);
  return row !== undefined;
}

/** Which of these numbers (E.164) opted out: one query for a list of threads. */
export async function optedOutAmong(db: DbOrTx, phones: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(phones.map(optOutKey))];
  if (keys.length === 0) return new Set();
  const rows = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(inArray(smsOptOuts.phone, keys));
  return new Set(rows.map((r) => r.phone));
}
