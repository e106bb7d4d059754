// The registration e-mail through real SMTP (a local smtp-server): the code reaches the mailbox and only a mask is
// stored; a mail server that refuses it is not answered with "code sent" (docs/sign-in.md, docs/security.md).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../db/schema/index';
import { SECRET_MASK } from '../../adapters/outbox/mask-secrets';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';

let sink: SmtpSink;
let refusing: SmtpSink;
let t: TestApp;
let refused: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  refusing = await startSmtpSink({ rejectData: { responseCode: 550, message: 'Mailbox unavailable' } });
  t = await createTestApp({ SMTP_URL: sink.url });
  refused = await createTestApp({ SMTP_URL: refusing.url });
});
afterAll(async () => {
  await t?.close();
  await refused?.close();
  await sink?.close();
  await refusing?.close();
});

/** The delivered message with quoted-printable undone (soft line breaks, =XX). */
function delivered(to: string): string {
  const mail = sink.received.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`nothing delivered to ${to}`);
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('the registration e-mail', () => {
  it('delivers the code whole, stores only a mask, and the delivered code creates the account', async () => {
    const email = `smtp-reg-${Date.now()}@example.com`;
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { email, firstName: 'Sally', lastName: 'Smtp' } });
    expect(res.statusCode).toBe(202);
    const code = /registration code is (\d{6})/.exec(delivered(email))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({ transport: 'smtp', status: 'sent', subject: `Your Tradebook registration code: ${SECRET_MASK}` });
    expect(JSON.stringify(row)).not.toContain(code!);

    const done = await t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code } });
    expect(done.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('a mail server that refuses the message answers 502 with our message, not "code sent"', async () => {
    const email = `smtp-refused-${Date.now()}@example.com`;
    const res = await refused.call({ method: 'POST', url: '/api/auth/register', payload: { email, firstName: 'Rhea', lastName: 'Refused' } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: 'We could not send the e-mail: the mail server refused it. Please try again later.' });
    expect(await refused.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
