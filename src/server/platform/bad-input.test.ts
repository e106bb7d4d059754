// Every route answers malformed input with 400 and the offending fields, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let cookie: string;
let ip = 0;
const nextIp = () => `172.20.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  const su = await t.createUser({ role: 'super_user' });
  cookie = await t.cookieFor(su.id);
});
afterAll(async () => {
  await t?.close();
});

const shapeOf = (schema: unknown): Record<string, unknown> | null => {
  const s = schema as { shape?: Record<string, unknown> } | undefined;
  return s && typeof s === 'object' && s.shape ? s.shape : null;
};

const fill = (url: string, value: string) => url.replace(/:[a-zA-Z]+/g, value);

describe('bad input on every route', () => {
  it('the walk covers routes with bodies and parameters', () => {
    expect(t.routes.filter((r) => r.schema.body).length).toBeGreaterThan(3);
    expect(t.routes.filter((r) => r.schema.params).length).toBeGreaterThan(1);
  });

  it('invalid JSON answers 400 "Invalid JSON body"', async () => {
    for (const r of t.routes.filter((x) => x.method !== 'GET')) {
      const res = await t.call({ method: r.method as 'POST', url: fill(r.url, '1'), cookie, payload: '{"broken": ', remoteAddress: nextIp() });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(400);
      expect(res.json().message, `${r.method} ${r.url}`).toBe('Invalid JSON body');
    }
  });

  it('missing required fields answer 400 with one issue per field', async () => {
    for (const r of t.routes.filter((x) => x.schema.body)) {
      const parsed = (r.schema.body as z.ZodType).safeParse({});
      const res = await t.call({ method: r.method as 'POST', url: fill(r.url, '1'), cookie, payload: {}, remoteAddress: nextIp() });
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
      if (!parsed.success) {
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(400);
        const paths = res.json().issues.map((i: { path: string }) => i.path);
        for (const issue of parsed.error.issues) expect(paths, `${r.method} ${r.url}`).toContain(issue.path.join('.'));
      }
    }
  });

  it('wrong types answer 400 naming the field', async () => {
    for (const r of t.routes.filter((x) => x.schema.body)) {
      const shape = shapeOf(r.schema.body);
      if (!shape) continue;
      for (const field of Object.keys(shape)) {
        for (const bad of [{ nested: { deep: true } }, ['a', 1], true]) {
          const res = await t.call({ method: r.method as 'POST', url: fill(r.url, '1'), cookie, payload: { [field]: bad }, remoteAddress: nextIp() });
          expect(res.statusCode, `${r.method} ${r.url} ${field}=${JSON.stringify(bad)}`).toBeLessThan(500);
          const accepted = (shape[field] as z.ZodType).safeParse(bad).success;
          if (!accepted) {
            expect(res.statusCode, `${r.method} ${r.url} ${field}`).toBe(400);
            // A nested object's own fields may be named instead (card.number for a wrong card).
            const named = res.json().issues.some((i: { path: string }) => i.path === field || i.path.startsWith(`${field}.`));
            expect(named, `${r.method} ${r.url} ${field}`).toBe(true);
          }
        }
      }
    }
  });

  it('bodies that are not objects answer 400', async () => {
    for (const r of t.routes.filter((x) => x.schema.body)) {
      for (const payload of ['[]', '"text"', '42', 'null']) {
        const res = await t.call({ method: r.method as 'POST', url: fill(r.url, '1'), cookie, payload, remoteAddress: nextIp() });
        expect(res.statusCode, `${r.method} ${r.url} ${payload}`).toBe(400);
      }
    }
  });

  it('huge, hostile and malformed path parameters never cause a 500', async () => {
    for (const r of t.routes.filter((x) => x.schema.params)) {
      for (const value of ['abc', '-1', '1.5', '99999999999999999999', 'x'.repeat(5000), encodeURIComponent("1' OR '1'='1"), encodeURIComponent('<script>')]) {
        const res = await t.call({ method: r.method as 'GET', url: fill(r.url, value), cookie, remoteAddress: nextIp() });
        expect(res.statusCode, `${r.method} ${r.url} ${value.slice(0, 20)}`).toBeLessThan(500);
        expect([400, 404, 414], `${r.method} ${r.url} ${value.slice(0, 20)}`).toContain(res.statusCode);
      }
    }
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: JSON.stringify({ email: 'a'.repeat(1_100_000) }), remoteAddress: nextIp() });
    expect(res.statusCode).toBe(413);
  });
});
