// GET /metrics (docs/observability.md): this machine's or a token holder's to read, one series per route pattern,
// provider failures counted; and the request log without a line per request unless asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { outbox } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { closedPort } from '../test/closed-port';

const REMOTE = '203.0.113.7';
const TOKEN = 'metrics-token-0123456789abcdef';

interface LogLine {
  level: number;
  msg: string;
  provider?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}, logs?: LogLine[]) {
  const t = await createTestApp(env, logs ? { log: { write: (line) => void logs.push(JSON.parse(line) as LogLine) } } : {});
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

const scrape = (t: TestApp, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) => t.call({ url: '/metrics', remoteAddress, headers });

/** The value of one sample line, `name{labels} value`, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(/,(?=[a-z_]+=")/) : [];
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

let local: TestApp;
beforeAll(async () => {
  local = await app();
});

describe('who may read /metrics', () => {
  it('answers this machine, over IPv4 and IPv6 loopback, in the text exposition format', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(local, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      // The security headers of every answer apply here too.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain('# TYPE tradebook_http_request_duration_seconds histogram');
      // Node's own process metrics.
      expect(res.body).toMatch(/^process_cpu_user_seconds_total /m);
      expect(res.body).toMatch(/^process_resident_memory_bytes /m);
      expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    }
  });

  it('is the 404 of a path that does not exist to another machine, and to what a local proxy relays for one', async () => {
    const missing = await local.call({ url: '/no-such-path', remoteAddress: REMOTE });
    for (const [address, headers] of [
      [REMOTE, {}],
      ['10.0.0.5', {}],
      ['2001:db8::1', {}],
      ['127.0.0.1', { 'x-forwarded-for': REMOTE }],
      ['127.0.0.1', { forwarded: `for=${REMOTE}` }],
      // A token means nothing while none is configured.
      [REMOTE, { authorization: `Bearer ${TOKEN}` }],
    ] as const) {
      const res = await scrape(local, address, headers);
      expect(res.statusCode, address).toBe(404);
      expect(res.body).toBe(missing.body);
    }
  });

  it('with METRICS_TOKEN, answers the bearer of the token from anywhere and nobody else, this machine included', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    expect((await scrape(t, REMOTE, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape(t, '127.0.0.1', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      expect((await scrape(t, REMOTE, headers)).statusCode, JSON.stringify(headers)).toBe(404);
      expect((await scrape(t, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('refuses a token shorter than 16 characters at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('what /metrics says', () => {
  it('labels requests by route pattern, never the raw URL: two ids are one series; unmatched paths are one label', async () => {
    const t = await app();
    for (const id of [101, 202]) expect((await t.call({ url: `/api/customers/${id}` })).statusCode).toBe(401);
    for (const path of ['/nope/1', '/nope/2?x=y']) await t.call({ url: path, remoteAddress: REMOTE });
    const text = (await scrape(t)).body;
    const series = text.split('\n').filter((l) => l.startsWith('tradebook_http_request_duration_seconds_count'));
    expect(series.filter((l) => l.includes('/api/customers'))).toEqual(['tradebook_http_request_duration_seconds_count{method="GET",route="/api/customers/:id",status_class="4xx"} 2']);
    expect(sample(text, 'tradebook_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBe(2);
    expect(text).not.toMatch(/route="[^"]*(101|202|nope)/);
    // Histogram buckets are cumulative and end at the count.
    expect(sample(text, 'tradebook_http_request_duration_seconds_bucket', { route: '/api/customers/:id', le: '+Inf' })).toBe(2);
  });

  it('times database statements, counts the job backlog at scrape time', async () => {
    const t = await app();
    await t.database.db.insert(outbox).values({ channel: 'sms', to: '+15555550100', text: 'hello', transport: 'twilio', status: 'failed', error: 'refused' });
    const text = (await scrape(t)).body;
    expect(sample(text, 'tradebook_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'tradebook_outbox_failed_last_day', { channel: 'sms' })).toBe(1);
    expect(sample(text, 'tradebook_outbox_failed_last_day', { channel: 'email' })).toBe(0);
    expect(sample(text, 'tradebook_reminders_due', { channel: 'email' })).toBe(0);
    expect(sample(text, 'tradebook_reminders_oldest_due_seconds')).toBe(0);
    expect(text).not.toContain('tradebook_cache_');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'tradebook_db_pool_total')).toBeGreaterThan(0);
      expect(sample(text, 'tradebook_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('tradebook_db_pool_');
    }
  });
});

describe('a third party failing, and the request log', () => {
  it('counts the provider failure, and logs it and the 5xx answer at the default level without a line per request', async () => {
    const logs: LogLine[] = [];
    const t = await app({ LOG_LEVEL: 'info', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, logs);
    const org = await t.createOrganization();
    const user = await t.createUser({ role: 'employee', organizationId: org.id });
    await t.call({ url: '/api/customers/1' });
    const res = await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: user.email } });
    expect(res.statusCode).toBe(503);
    const text = (await scrape(t)).body;
    expect(sample(text, 'tradebook_provider_failures_total', { provider: 'smtp', kind: 'unreachable' })).toBe(1);
    expect(sample(text, 'tradebook_provider_failures_total', { provider: 'smtp', kind: 'refused' })).toBeUndefined();
    expect(sample(text, 'tradebook_outbox_failed_last_day', { channel: 'email' })).toBe(1);

    expect(logs.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    expect(logs.filter((l) => l.provider === 'smtp')).toHaveLength(1);
    const failed = logs.filter((l) => l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, req: { url: '/api/auth/send-otp' }, res: { statusCode: 503 } });
  });

  it.each([
    ['LOG_REQUESTS=true', 2, { LOG_REQUESTS: 'true' }],
    ['LOG_LEVEL=debug', 2, { LOG_LEVEL: 'debug' }],
    ['LOG_LEVEL=debug with LOG_REQUESTS=false', 0, { LOG_LEVEL: 'debug', LOG_REQUESTS: 'false' }],
  ])('with %s: %i lines for one request, secret query values masked', async (_name, expected, env) => {
    const logs: LogLine[] = [];
    const t = await app({ LOG_LEVEL: 'info', ...env }, logs);
    await t.call({ url: '/api/customers/7?token=secret-portal-token' });
    const lines = logs.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(lines).toHaveLength(expected);
    // The URL is logged with secret query values masked (platform/request-log.ts).
    if (expected) expect(lines[0].req?.url).toBe('/api/customers/7?token=[redacted]');
    expect(JSON.stringify(logs)).not.toContain('secret-portal-token');
  });
});
