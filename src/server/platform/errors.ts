// One error type for the whole server, mapped to an HTTP status and JSON body in one place.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { issueSentence } from '../../contracts/field-words';
// Installs zod's texts in words for every route's validation (contracts/validation-words.ts).
import '../../contracts/validation-words';

/**
 * The machine `code` of every error body, beside the human `message` (ADR 010, docs/api.md). Stable: clients
 * branch on these, so a code is never renamed or reused for another meaning; new ones may be added.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  NOT_SIGNED_IN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The processor refused the payment (a declined card): the body carries the processor's message. */
  PAYMENT_FAILED: 402,
  NOT_IMPLEMENTED: 501,
  /** A third party (Stripe, the SMTP server, Twilio, the object storage) refused or failed our request (docs/payments.md, "Third-party failures"). */
  PROVIDER_FAILED: 502,
  /** A third party could not be reached or asked us to slow down: trying again later may work. */
  PROVIDER_UNAVAILABLE: 503,
  /** Our own service cannot answer now (the database restarting, keys unreadable): trying again later may work. */
  UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
const STATUS: Record<ErrorCode, number> = ERROR_STATUS;

/** The JSON every error answers: `{ code, message, issues? }`. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  issues?: Issue[];
}

export function errorBody(code: ErrorCode, message: string, issues?: Issue[]): ErrorBody {
  return { code, message, ...(issues ? { issues } : {}) };
}

export interface Issue {
  path: string;
  message: string;
}

/** Which third party failed and why, for the log line; the answer carries only our own message. */
export interface ProviderFailure {
  /** `s3`: the object storage of job photos and files (adapters/file-store/s3-store.ts). */
  provider: 'stripe' | 'smtp' | 'twilio' | 's3';
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

/**
 * A message written as "<path>: <issue>" (services name the field as the issue's path) is answered in words:
 * "organizationId: Organization not found" -> "Organization not found", "sort: Cannot sort by x" -> "Sort: cannot
 * sort by x". Any other message (the documented texts, docs/rules/errors.md#field-messages) is kept exactly.
 */
function inWords(message: string, issues: Issue[] | undefined): string {
  const first = issues?.[0];
  return first && message === `${first.path}: ${first.message}` ? issueSentence(first.path, first.message) : message;
}

/** 400 for one field: the message names the field in words, the issue keeps its path for the form. */
export const fieldInvalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', issueSentence(path, message), { issues: [{ path, message }] });
export const invalid = (message: string, issues?: Issue[]) => new AppError('VALIDATION_FAILED', message, { issues });
export const unauthenticated = (message = 'Not signed in') => new AppError('NOT_SIGNED_IN', message);
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
  new AppError('PROVIDER_UNAVAILABLE', message, { provider: { provider, reason }, retryAfterSeconds });

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

export function registerErrorHandling(app: FastifyInstance, opts: { onProviderFailure?: (failure: ProviderFailure, status: number) => void } = {}): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // A refusal (502) needs someone to fix a key or an account: error; unreachable (503) may pass by itself: warn.
      const failure = err.extra.provider;
      if (failure) {
        request.log[err.status === 502 ? 'error' : 'warn']({ provider: failure.provider, reason: failure.reason, status: err.status }, `${failure.provider} failed: ${failure.reason}`);
        // Counted by provider for the metrics endpoint (platform/metrics.ts).
        opts.onProviderFailure?.(failure, err.status);
      }
      if (err.extra.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.extra.retryAfterSeconds));
      return reply.code(err.status).send(errorBody(err.code, inWords(err.message, err.extra.issues), err.extra.issues));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const issues: Issue[] = err.validation.map((v) => {
        const p = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return { path: p || where, message: v.message ?? 'Invalid value' };
      });
      // The message names the field in words ("Line 1, amount: is too large"); issues keep the path for forms.
      const first = issues[0];
      return reply.code(400).send(errorBody('VALIDATION_FAILED', first ? issueSentence(first.path === where ? [] : first.path, first.message) : 'Invalid input', issues));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Internal server error'));
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') return reply.code(409).send(errorBody('CONFLICT', 'That record already exists'));
    if (pgCode === '23503') return reply.code(400).send(errorBody('VALIDATION_FAILED', 'A referenced record does not exist'));
    // 22021: text PostgreSQL cannot store, such as a NUL character in a name or a search.
    if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22007' || pgCode === '22008' || pgCode === '22001' || pgCode === '22021') {
      return reply.code(400).send(errorBody('VALIDATION_FAILED', 'Invalid input value'));
    }
    if (isDatabaseUnavailable(err)) {
      reply.header('Retry-After', '5');
      return reply.code(503).send(errorBody('UNAVAILABLE', 'Service temporarily unavailable, please retry'));
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
      return reply.code(status).send(errorBody(codeForStatus(status), message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Internal server error'));
  });
}

/** The code of an error Fastify or a plugin raised with only a status (bad JSON, body too large, ...). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'NOT_SIGNED_IN';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
  }
}
