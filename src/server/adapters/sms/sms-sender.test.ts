import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { openTestDatabase } from '../../test/test-database';
import { SECRET_MASK } from '../outbox/mask-secrets';
import { createSmsSender } from './sms-sender';

// A stand-in for Twilio's Messages API on a local port: the real SDK sends the real request to it.
let database: Database;
let server: http.Server;
let apiBase: string;
const requests: { url: string; body: URLSearchParams }[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: new URLSearchParams(body) });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

const CODE = '730125';
const text = `Your Tradebook code is ${CODE}. Pay here: http://localhost:3000/customer-portal?token=c2VjcmV0LXRva2Vu`;
const secrets = [CODE, 'http://localhost:3000/customer-portal?token=c2VjcmV0LXRva2Vu'];

describe('SMS sender: secrets in stored copies', () => {
  it('sends the whole text through Twilio and keeps only a masked copy in the outbox', async () => {
    const sms = createSmsSender({ db: database.db, twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: 'token', from: '+15550001111', apiBase } });
    const result = await sms.send({ to: '+15550002222', text, secrets });
    expect(result.status).toBe('sent');

    const sent = requests.at(-1)!;
    expect(sent.url).toBe('/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json');
    expect(sent.body.get('Body')).toBe(text);
    expect(sent.body.get('To')).toBe('+15550002222');

    const [stored] = await database.db.select().from(outbox).where(eq(outbox.id, result.outboxId));
    expect(stored).toMatchObject({ channel: 'sms', transport: 'twilio', status: 'sent', providerId: 'SM0123456789abcdef0123456789abcdef' });
    expect(stored.text).toBe(`Your Tradebook code is ${SECRET_MASK}. Pay here: ${SECRET_MASK}`);
  });

  it('keeps the full text when the outbox is the delivery (no Twilio settings)', async () => {
    const sms = createSmsSender({ db: database.db });
    const result = await sms.send({ to: '+15550002222', text, secrets });
    const [stored] = await database.db.select().from(outbox).where(eq(outbox.id, result.outboxId));
    expect(stored).toMatchObject({ transport: 'outbox', status: 'stored', text });
  });
});
