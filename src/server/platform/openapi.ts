// The OpenAPI document (/api/docs/json), completed centrally so every route, new ones included, documents
// the same things: its error answers with the error body, how it is signed in, list and file answers, and a
// stable operationId (docs/api.md, ADR 010). Routes declare only what cannot be seen from their options:
// `config.answers` for a file or a redirect, `config.rateLimited` for a service that counts calls itself.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { LIST_EXPORT_CONTENT_TYPES } from '../../contracts/list-export';
import { TOTAL_COUNT_HEADER } from '../../contracts/lists';
import type { Config } from '../config';
import type { Access } from './context';
import { ERROR_CODES } from './errors';
import { IMPERSONATION_HEADER } from './guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a non-JSON route answers: a file of this type, a stored job photo or PDF (`photo-or-pdf`: JPEG, PNG or
     * PDF, docs/rules/team.md#photos-and-files), a list export (`spreadsheet`: CSV or XLSX as `format` asks,
     * docs/rules/data-exchange.md#list-exports), an accounting export (`accounting-export`: a zip of CSVs or an IIF
     * file, docs/rules/data-exchange.md#accounting-files), TwiML to Twilio (`text/xml`,
     * docs/rules/messaging.md#replies-through-twilio), or a 302 redirect (platform/openapi.ts).
     */
    answers?: 'application/pdf' | 'text/csv' | 'photo-or-pdf' | 'spreadsheet' | 'accounting-export' | 'text/xml' | 'redirect';
    /** The route's service counts calls and may answer 429 (sign-in codes: features/auth/otp.ts). */
    rateLimited?: true;
  }
}

export const SESSION_SCHEME = 'session';
export const IMPERSONATION_SCHEME = 'impersonation';
/** `Authorization: Bearer <key>` (docs/rules/public-api.md#api-keys). */
export const API_KEY_SCHEME = 'apiKey';

const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', enum: ERROR_CODES, description: 'Stable machine code (docs/api.md)' },
    message: { type: 'string', description: 'What went wrong, in words, for people' },
    issues: {
      type: 'array',
      description: 'Per-field problems of a 400: the path as sent (lineItems.0.amount) and the message',
      items: { type: 'object', required: ['path', 'message'], additionalProperties: false, properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

const RETRY_AFTER = { 'Retry-After': { type: 'integer', description: 'Seconds until the call may be tried again' } };

const ERROR_ANSWERS = {
  400: 'Invalid input: VALIDATION_FAILED, with issues naming the fields',
  401: 'Not signed in, or an API key that is malformed, unknown, revoked or whose creator is deactivated: NOT_SIGNED_IN',
  403: 'Signed in (or an API key) without the permission, an API key on a call for people only, or a cross-origin write: FORBIDDEN',
  404: 'Not found, also for another organization’s record: NOT_FOUND',
  409: 'Conflicts with the current state (a taken unique value, a slot taken, already paid or sent): CONFLICT',
  413: 'Request body too large: PAYLOAD_TOO_LARGE',
  415: 'Writes must be sent as application/json: UNSUPPORTED_MEDIA_TYPE',
  429: 'Too many calls from this client, or with this API key: RATE_LIMITED, with Retry-After',
} as const;

type Status = keyof typeof ERROR_ANSWERS;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** "GET /api/invoices/:id/pdf" -> "getInvoicesByIdPdf": derived from method and path, so stable and unique. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** True when an API key may call the route (docs/rules/public-api.md#what-a-key-cannot-call). */
export function acceptsApiKey(access: Access | undefined): boolean {
  return !!access && access.kind !== 'public' && !access.sessionOnly;
}

/** Which error answers a route can give, from what it declares (docs/api.md, "Error answers"). */
export function errorStatuses(route: { method: string; url: string; config?: { access?: Access; clientLimit?: unknown; rateLimited?: true; answers?: string }; schema?: Record<string, unknown> }): Status[] {
  const access = route.config?.access;
  const write = WRITES.has(route.method);
  const takesInput = write || !!route.schema?.params || !!route.schema?.querystring;
  const csrf = write && !(access?.kind === 'public' && access.csrf === false);
  const out: Status[] = [];
  if (takesInput) out.push(400);
  if (access && access.kind !== 'public') out.push(401);
  if (access?.kind === 'permission' || csrf) out.push(403);
  if (route.schema?.params || route.config?.answers === 'redirect') out.push(404);
  if (write) out.push(409, 413, 415);
  // A key's calls are counted per key (docs/rules/public-api.md#rate-limit).
  if (route.config?.clientLimit || route.config?.rateLimited || acceptsApiKey(access)) out.push(429);
  return out;
}

type Transformed = { schema: Record<string, unknown>; url: string };

/** @fastify/swagger's transform: the zod schemas become JSON schema, then the shared answers are added. */
function transform(input: Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions }): Transformed {
  const out = jsonSchemaTransform(input) as Transformed;
  const route = input.route;
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const config = (route.config ?? {}) as NonNullable<RouteOptions['config']> & { access?: Access };
  if (out.schema?.hide) return out;
  const schema: Record<string, unknown> = { ...(out.schema ?? {}) };
  const response: Record<string, unknown> = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };

  schema.operationId ??= operationIdFor(method, input.url);

  const access = config.access;
  if (access && access.kind !== 'public') {
    schema.security = [{ [SESSION_SCHEME]: [] }, { [SESSION_SCHEME]: [], [IMPERSONATION_SCHEME]: [] }, ...(acceptsApiKey(access) ? [{ [API_KEY_SCHEME]: [] }] : [])];
  } else schema.security = [];

  if (config.answers === 'redirect') {
    response[302] = { type: 'null', description: 'Found: sent on to the target', headers: { Location: { type: 'string', description: 'The target URL' } } };
    response[404] = { description: 'No such active link: an HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
  } else if (config.answers === 'photo-or-pdf') {
    const binary = { schema: { type: 'string', format: 'binary' } };
    response[200] = { description: 'The file, shown inline; Content-Disposition names it', content: { 'image/jpeg': binary, 'image/png': binary, 'application/pdf': binary } };
  } else if (config.answers === 'spreadsheet') {
    const binary = { schema: { type: 'string', format: 'binary' } };
    response[200] = {
      description: 'The file, streamed: CSV or XLSX as format asks; Content-Disposition names it',
      content: { [LIST_EXPORT_CONTENT_TYPES.csv.split(';')[0]!]: binary, [LIST_EXPORT_CONTENT_TYPES.xlsx]: binary },
    };
  } else if (config.answers === 'accounting-export') {
    const binary = { schema: { type: 'string', format: 'binary' } };
    response[200] = {
      description: 'The export as made: a zip of CSVs (QuickBooks Online, Xero) or an IIF file (QuickBooks Desktop); Content-Disposition names it',
      content: { 'application/zip': binary, 'text/plain': { schema: { type: 'string' } } },
    };
  } else if (config.answers === 'text/xml') {
    response[200] = { description: 'TwiML for Twilio', content: { 'text/xml': { schema: { type: 'string' } } } };
  } else if (config.answers) {
    response[200] = {
      description: 'The file; Content-Disposition names it',
      content: { [config.answers]: { schema: { type: 'string', format: config.answers === 'application/pdf' ? 'binary' : undefined } } },
    };
  }

  // A list answers an array and its total (docs/rules/lists.md#list-endpoints): GETs answering an array that take paging.
  const ok = response[200] as { type?: string; headers?: unknown } | undefined;
  const query = schema.querystring as { properties?: Record<string, unknown> } | undefined;
  if (method === 'GET' && ok?.type === 'array' && query?.properties?.limit) {
    response[200] = { ...ok, headers: { [TOTAL_COUNT_HEADER]: { type: 'integer', description: 'Rows matching the query, across all pages' } } };
  }

  const sc = (route.schema ?? {}) as Record<string, unknown>;
  for (const status of errorStatuses({ method, url: input.url, config, schema: sc })) {
    if (response[status]) continue;
    response[status] = { description: ERROR_ANSWERS[status], ...ERROR_BODY, ...(status === 429 ? { headers: RETRY_AFTER } : {}) };
  }
  schema.response = response;
  return { ...out, schema };
}

/** The swagger plugin's options: the document's info, the sign-in schemes and the transform above. */
export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Tradebook API',
        version: '1.0.0',
        description:
          'JSON API of Tradebook. People sign in with the e-mail code flow and the session cookie authenticates their calls; other software sends an API key as `Authorization: Bearer <key>`. Errors answer { code, message, issues? } (docs/api.md).',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: config.cookieName, description: 'The session cookie set by POST /api/auth/verify-otp (HttpOnly; __Host-sid over HTTPS, sid otherwise)' },
          [IMPERSONATION_SCHEME]: { type: 'apiKey', in: 'header', name: IMPERSONATION_HEADER, description: 'A super user acting as another user: the token from POST /api/admin/impersonate, beside the session cookie' },
          [API_KEY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'tb_ and 43 characters',
            description: `An organization's API key, made by an admin on the Developers screen: it acts in its organization with exactly its permissions, as the admin who created it; with it the cookie is ignored. At most ${config.API_KEY_CALLS_PER_MINUTE} calls a minute per key (429 with Retry-After); a wrong, revoked or malformed key answers 401.`,
          },
        },
      },
    },
    transform: transform as FastifyDynamicSwaggerOptions['transform'],
  };
}
