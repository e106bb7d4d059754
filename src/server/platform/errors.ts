// One error type for the whole server, mapped to an HTTP status and JSON body in one place.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export type ErrorCode =
  | 'INVALID'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'PAYMENT_FAILED'
  | 'NOT_IMPLEMENTED'
  | 'PROVIDER_FAILED'
  | 'UNAVAILABLE';

const STATUS: Record<ErrorCode, number> = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The processor refused the payment (a declined card): the body carries the processor's message. */
  PAYMENT_FAILED: 402,
  NOT_IMPLEMENTED: 501,
  /** A third party (Stripe, the SMTP server, Twilio) refused or failed our request (docs/payments.md, "Third-party failures"). */
  PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
};

export interface Issue {
  path: string;
  message: string;
}

/** Which third party failed and why, for the log line; the answer carries only our own message. */
export interface ProviderFailure {
  provider: 'stripe' | 'smtp' | 'twilio';
  reason: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { issues?: Issue[]; retryAfterSeconds?: number; provider?: ProviderFailure } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const invalid = (message: string, issues?: Issue[]) => new AppError('INVALID', message, { issues });
export const unauthenticated = (message = 'Not signed in') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const paymentFailed = (message: string) => new AppError('PAYMENT_FAILED', message);
export const notImplemented = (message: string) => new AppError('NOT_IMPLEMENTED', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { retryAfterSeconds });
/** 502: the provider answered and refused or failed the request. */
export const providerFailed = (provider: ProviderFailure['provider'], message: string, reason: string) =>
  new AppError('PROVIDER_FAILED', message, { provider: { provider, reason } });
/** 503: the provider could not be reached (or asked us to slow down); trying again later may work. */
export const providerUnavailable = (provider: ProviderFailure['provider'], message: string, reason: string, retryAfterSeconds?: number) =>
  new AppError('UNAVAILABLE', message, { provider: { provider, reason }, retryAfterSeconds });

/** PostgreSQL error code of a driver error, looking through wrappers (drizzle wraps driver errors). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Connection-level failures: the database is down or restarting. */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P03')) return true;
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const c = (e as { code?: unknown }).code;
    if (c === 'ECONNREFUSED' || c === 'ECONNRESET' || c === 'ETIMEDOUT') return true;
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i.test(m)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // A refusal (502) needs someone to fix a key or an account: error; unreachable (503) may pass by itself: warn.
      const failure = err.extra.provider;
      if (failure) request.log[err.status === 502 ? 'error' : 'warn']({ provider: failure.provider, reason: failure.reason, status: err.status }, `${failure.provider} failed: ${failure.reason}`);
      if (err.extra.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.extra.retryAfterSeconds));
      return reply.code(err.status).send({ message: err.message, ...(err.extra.issues ? { issues: err.extra.issues } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const issues: Issue[] = err.validation.map((v) => {
        const p = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return { path: p || where, message: v.message ?? 'Invalid value' };
      });
      const first = issues[0];
      return reply.code(400).send({ message: first ? `${first.path}: ${first.message}` : 'Invalid input', issues });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') return reply.code(409).send({ message: 'That record already exists' });
    if (pgCode === '23503') return reply.code(400).send({ message: 'A referenced record does not exist' });
    // 22021: text PostgreSQL cannot store, such as a NUL character in a name or a search.
    if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22007' || pgCode === '22008' || pgCode === '22001' || pgCode === '22021') {
      return reply.code(400).send({ message: 'Invalid input value' });
    }
    if (isDatabaseUnavailable(err)) {
      reply.header('Retry-After', '5');
      return reply.code(503).send({ message: 'Service temporarily unavailable, please retry' });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
              ? 'Invalid JSON body'
              : err.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
