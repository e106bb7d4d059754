// STOP and START (docs/rules/messaging.md#sms-opt-outs): a reply that is only one of Twilio's opt-out words takes the
// number off every organization's texts, one of its opt-in words puts it back. The installation sends from one number,
// so an opt-out is the number's, not an organization's, as Twilio's own is.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { smsOptOuts } from '../../db/schema/index';

export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_WORDS = ['START', 'YES', 'UNSTOP'] as const;

export type OptOutChange = { change: 'opted_out' | 'opted_in'; keyword: string };

/** The change a reply asks for: the whole trimmed body, any case, is one of the words; anything else is a message. */
export function optOutChange(body: string): OptOutChange | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return { change: 'opted_out', keyword: word };
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return { change: 'opted_in', keyword: word };
  return null;
}

/** Records the change for the number (E.164); a second STOP keeps the first one's time. */
export async function applyOptOutChange(db: DbOrTx, phone: string, change: OptOutChange): Promise<void> {
  if (change.change === 'opted_out') {
    await db.insert(smsOptOuts).values({ phone, keyword: change.keyword }).onConflictDoNothing({ target: smsOptOuts.phone });
  } else {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  }
}
