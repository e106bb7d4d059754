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
  /** Calls one API key may make per minute, counted across every instance (docs/rules/public-api.md#rate-limit: 600). */
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Lets webhook endpoints be http:// and reach private, loopback and link-local addresses (a receiver on this
   * machine or the local network: development and tests). Off, every address a webhook host resolves to must be
   * public and, in production, the URL https (docs/rules/public-api.md#webhook-urls).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool(false),
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
  /**
   * S3-compatible object storage for job photos and files (docs/rules/team.md#photos-and-files): with S3_ENDPOINT and
   * S3_BUCKET (and the keys) new uploads go there; without them their bytes stay in the database.
   */
  S3_ENDPOINT: emptyAsUndefined.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'S3_ENDPOINT must be an http(s) URL such as https://s3.us-east-1.amazonaws.com'),
  S3_BUCKET: emptyAsUndefined,
  /** The region the requests are signed for (AWS Signature Version 4); most other providers accept us-east-1. */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: emptyAsUndefined,
  S3_SECRET_ACCESS_KEY: emptyAsUndefined,
  /** `true`: {endpoint}/{bucket}/{key} (MinIO and most self-hosted stores); `false` (the AWS SDKs' default): {bucket}.{endpoint host}/{key}. */
  S3_FORCE_PATH_STYLE: bool(false),
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
  // Half an object storage would fail on the first upload: refused at start instead.
  const s3 = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY };
  const s3Missing = Object.entries(s3).filter(([, v]) => !v).map(([k]) => k);
  if (s3Missing.length > 0 && s3Missing.length < 4) {
    throw new Error(`Invalid configuration:\n  ${s3Missing.join(', ')}: needed with ${Object.keys(s3).filter((k) => !s3Missing.includes(k)).join(', ')} for object storage`);
  }
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
