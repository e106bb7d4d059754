// What the webhook tests share: a real HTTP receiver on 127.0.0.1 that keeps every request it gets and answers as
// told, an endpoint made through the API, and the delivery job's dependencies for the tests' app.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { CreatedWebhookEndpoint, WebhookEvent } from '../../../contracts/webhooks';
import { secretBoxFor } from '../../platform/secret-box';
import type { TestApp } from '../../test/test-app';
import type { WebhookJobDeps } from '../../jobs/webhook-deliveries';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** How the next requests are answered: status and body (default 200 "ok"); may wait first. */
  answer: (req: ReceivedRequest) => { status: number; body?: string | Buffer; headers?: Record<string, string>; delayMs?: number };
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(got);
      const a = receiver.answer(got);
      const send = () => {
        res.writeHead(a.status, { 'Content-Type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** An endpoint made through the API by the admin's cookie. */
export async function createEndpoint(t: TestApp, cookie: string, url: string, events: WebhookEvent[]): Promise<CreatedWebhookEndpoint> {
  const res = await t.call({ method: 'POST', url: '/api/webhook-endpoints', cookie, payload: { url, events, description: 'Test receiver' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The delivery job's dependencies for the tests' app (its APP_SECRET and URL setting). */
export function jobDeps(t: TestApp, timeoutMs?: number): WebhookJobDeps {
  return { db: t.database.db, box: secretBoxFor(t.config), WEBHOOK_ALLOW_PRIVATE_URLS: t.config.WEBHOOK_ALLOW_PRIVATE_URLS, isProduction: t.config.isProduction, timeoutMs };
}
