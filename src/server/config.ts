// Every setting the app reads from the environment, parsed once. README's Configuration table mirrors this file.
import path from 'node:path';
import { z } from 'zod';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

const emptyAsUndefined = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public URL of the app; decides the cookie name (__Host-sid on https), links in e-mails and the CSRF origin. */
  APP_URL: emptyAsUndefined,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: emptyAsUndefined,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Key material for credentials stored in the database (processor secrets; platform/secret-box.ts). Required with
   * DATABASE_URL and in production; the embedded default generates one into DATA_DIR (platform/app-secret.ts).
   */
  APP_SECRET: emptyAsUndefined.refine((v) => v === undefined || v.length >= 32, 'APP_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)'),
  SEED_DEMO: bool(true),
  REGISTRATION_ORG_SLUG: emptyAsUndefined,
  SMTP_URL: emptyAsUndefined,
  MAIL_FROM: z.string().default('Tradebook <no-reply@tradebook.local>'),
  TWILIO_ACCOUNT_SID: emptyAsUndefined,
  TWILIO_AUTH_TOKEN: emptyAsUndefined,
  TWILIO_FROM: emptyAsUndefined,
  /** Sends Twilio API calls to this base URL instead of https://api.twilio.com (a test double), as STRIPE_API_BASE does for Stripe. */
  TWILIO_API_BASE: emptyAsUndefined,
  TRUST_PROXY: bool(false),
  /** Sends Stripe API calls to this base URL instead of https://api.stripe.com (a stripe-mock or a test double). */
  STRIPE_API_BASE: emptyAsUndefined,
  /** Sign-in codes one client address may request per hour (docs/rules/sign-in-and-sessions.md#sign-in-codes: 20). Raised only for test rigs. */
  OTP_CLIENT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Multiplies every per-client limit on the public calls (platform/client-limits.ts, docs/public-endpoints.md).
   * Test rigs that make many such calls from 127.0.0.1 raise it; it cannot switch the limits off.
   */
  PUBLIC_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * A line per request ("incoming request", "request completed"). Unset: only at LOG_LEVEL debug or trace; answers
   * of 5xx and third-party failures are logged either way (platform/request-log.ts, docs/observability.md).
   */
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v))),
  /**
   * With it, GET /metrics answers a request carrying `Authorization: Bearer <token>` from anywhere, and nothing
   * else; without it, only this machine (platform/metrics.ts, docs/observability.md).
   */
  METRICS_TOKEN: emptyAsUndefined.refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)'),
  /** Where the built web app is served from. */
  WEB_DIST_DIR: z.string().default('./dist/web'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  appUrl: string;
  isProduction: boolean;
  secureCookies: boolean;
  cookieName: string;
  dataDir: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, '');
  const secureCookies = appUrl.startsWith('https://');
  return {
    ...e,
    appUrl,
    isProduction: e.NODE_ENV === 'production',
    secureCookies,
    cookieName: secureCookies ? '__Host-sid' : 'sid',
    dataDir: path.resolve(e.DATA_DIR),
  };
}

/**
 * What the server (main.ts) refuses to start with; scripts that only read the database do not need it. In
 * production there is no outbox to read codes from (features/dev-outbox/outbox-access.ts), so without SMTP_URL
 * nobody could sign in (docs/security.md).
 */
export function assertServerConfig(config: Pick<Config, 'isProduction' | 'SMTP_URL'>): void {
  if (config.isProduction && !config.SMTP_URL) {
    throw new Error(
      'NODE_ENV=production needs a mail transport: set SMTP_URL (e.g. smtps://user:password@smtp.example.com:465) and MAIL_FROM. ' +
        'Sign-in codes are e-mailed; in production they are never kept in a readable outbox.',
    );
  }
}
