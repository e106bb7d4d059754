import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { openTestDatabase } from '../../test/test-database';
import { SECRET_MASK } from '../outbox/mask-secrets';
import { parseAddress, parseMime } from '../../test/mime';
import { escapeHtml } from './html-email';
import { createMailer } from './mailer';

let database: Database;
let sink: SmtpSink;
beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await database?.close();
});

const CODE = '482913';
const LINK = 'http://localhost:3000/customer-portal?token=Zm9vYmFyYmF6cXV4c2VjcmV0';
const message = {
  to: 'pat@example.com',
  subject: `Your Tradebook sign-in code: ${CODE}`,
  text: `Your code is ${CODE}.\nYour portal: ${LINK}\n`,
  html: `<p>Your code is <b>${CODE}</b>. <a href="${LINK}">Portal</a></p>`,
  secrets: [CODE, LINK],
};

const row = async (id: number) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe('mailer: secrets in stored copies', () => {
  it('delivers the whole message through SMTP and keeps only a masked copy in the outbox', async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: sink.url, from: 'Tradebook <no-reply@tradebook.test>' });
    const result = await mailer.send(message);
    expect(result.status).toBe('sent');

    // The recipient gets the code and the link.
    const delivered = sink.received.at(-1)!;
    expect(delivered.to).toEqual(['pat@example.com']);
    expect(delivered.raw).toContain(CODE);
    expect(delivered.raw).toContain('Zm9vYmFyYmF6cXV4c2VjcmV0');

    const stored = await row(result.outboxId);
    expect(stored).toMatchObject({ transport: 'smtp', status: 'sent' });
    for (const field of [stored.subject, stored.text, stored.html]) {
      expect(field).not.toContain(CODE);
      expect(field).not.toContain('Zm9vYmFyYmF6cXV4c2VjcmV0');
      expect(field).toContain(SECRET_MASK);
    }
    expect(stored.subject).toBe(`Your Tradebook sign-in code: ${SECRET_MASK}`);
    expect(stored.text).toBe(`Your code is ${SECRET_MASK}.\nYour portal: ${SECRET_MASK}\n`);
  });

  it('masks the stored copy of a message the SMTP server refused as well', async () => {
    const refusing = await startSmtpSink({ rejectData: { responseCode: 550, message: 'Mailbox unavailable' } });
    try {
      const mailer = createMailer({ db: database.db, smtpUrl: refusing.url, from: 'no-reply@tradebook.test' });
      const result = await mailer.send(message);
      expect(result.status).toBe('failed');
      const stored = await row(result.outboxId);
      expect(stored.error).toMatch(/550/);
      expect(JSON.stringify(stored)).not.toContain(CODE);
    } finally {
      await refusing.close();
    }
  });

  it('keeps the full text in the outbox when the outbox is the delivery (no SMTP_URL)', async () => {
    const mailer = createMailer({ db: database.db, from: 'no-reply@tradebook.test' });
    const result = await mailer.send(message);
    const stored = await row(result.outboxId);
    expect(stored).toMatchObject({ transport: 'outbox', status: 'stored', subject: message.subject, text: message.text, html: message.html });
  });

  it("masks a link written HTML-escaped in the HTML part (&amp;), and sends under the organization's name", async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: sink.url, from: 'Tradebook <no-reply@tradebook.test>' });
    const link = 'https://books.example.com/customer-portal?org=7&lang=en#token=c2VjcmV0LXRva2VuLXZhbHVl';
    const result = await mailer.send({
      to: 'pat@example.com',
      subject: 'Invoice',
      text: `Pay: ${link}`,
      html: `<a href="${escapeHtml(link)}">Pay</a>`,
      secrets: [link],
      fromName: 'Łódź Builders,\r\nBcc: evil@example.com',
      replyTo: 'office@lodz.example',
    });
    expect(result.status).toBe('sent');
    const mail = parseMime(sink.received.at(-1)!.raw);
    // The name is one header value: a line break in it cannot add a header.
    expect(parseAddress(mail.headers.from)).toEqual({ name: 'Łódź Builders, Bcc: evil@example.com', address: 'no-reply@tradebook.test' });
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.headers['reply-to']).toBe('office@lodz.example');
    const stored = await row(result.outboxId);
    expect(stored.html).toBe(`<a href="${SECRET_MASK}">Pay</a>`);
    expect(stored.text).toBe(`Pay: ${SECRET_MASK}`);
  });
});
