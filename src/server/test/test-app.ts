// The real app on a fresh database for one test file, with factories and a sign-in shortcut.
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { organizations, users } from '../db/schema/index';
import { createLoginSession } from '../platform/sessions';
import { openTestDatabase } from './test-database';

export interface TestApp extends BuiltApp {
  database: Database;
  config: Config;
  close: () => Promise<void>;
  /** A signed-in cookie header for the user, without going through the e-mail code (that flow has its own tests). */
  cookieFor: (userId: number) => Promise<string>;
  /** app.inject with JSON content type on writes, as the browser client sends. */
  call: (opts: InjectOptions & { cookie?: string; impersonation?: string }) => Promise<LightMyRequestResponse>;
  createOrganization: (values?: Partial<typeof organizations.$inferInsert>) => Promise<typeof organizations.$inferSelect>;
  createUser: (values?: Partial<typeof users.$inferInsert>) => Promise<typeof users.$inferSelect>;
}

/** A fixed key for credentials at rest (platform/secret-box.ts): tests never touch a data directory's key file. */
export const TEST_APP_SECRET = 'tradebook-test-app-secret-0123456789abcdef';

/**
 * `database`: a handle of the caller's (a second instance on the same database); closed with the app.
 * `log`: receives the app's log lines (JSON; LOG_LEVEL from env) for tests of what is logged.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { database?: Database; log?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  // Every injected call comes from 127.0.0.1, so the public per-client limits are raised for the features' own
  // tests; platform/client-limits.test.ts passes PUBLIC_LIMIT_SCALE 1 and tests the real figures.
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent', PUBLIC_LIMIT_SCALE: '1000', APP_SECRET: TEST_APP_SECRET, ...env });
  const built = await buildApp({ database, config, ...(opts.log ? { logger: true, logStream: opts.log } : {}) });
  await built.app.ready();
  const db = database.db;

  const call: TestApp['call'] = (opts) => {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.impersonation) headers['x-impersonation-token'] = opts.impersonation;
    const method = String(opts.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const { cookie: _c, impersonation: _i, ...rest } = opts;
    return built.app.inject({ ...rest, headers } as InjectOptions);
  };

  let n = 0;
  return {
    ...built,
    database,
    config,
    call,
    close: async () => {
      await built.app.close();
      await database.close();
    },
    cookieFor: async (userId) => {
      const s = await createLoginSession(db, userId, { ip: '127.0.0.1', userAgent: 'test' });
      return `${config.cookieName}=${s.token}`;
    },
    createOrganization: async (values = {}) => {
      n++;
      const [org] = await db
        .insert(organizations)
        .values({ name: `Org ${n} ${randomUUID().slice(0, 6)}`, slug: `org-${n}-${randomUUID().slice(0, 6)}`, industry: 'Home Services', ...values })
        .returning();
      return org;
    },
    createUser: async (values = {}) => {
      n++;
      const [u] = await db
        .insert(users)
        .values({ accountId: randomUUID(), email: `user${n}-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Test', lastName: `User${n}`, role: 'employee', ...values })
        .returning();
      return u;
    },
  };
}
