// What the request log says about each request: Fastify's default fields (lib/logger-pino.js), with the values of
// secret query parameters masked. Portal links once carried their token as `?token=` (old e-mails still do, and old
// clients may still send it to the API); a log line must not hand that link to whoever reads the logs
// (docs/customer-portal.md, Portal links).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameters whose values never reach the log (compared without regard to letter case). */
const SECRET_QUERY_PARAMS = new Set(['token']);
export const REDACTED = '[redacted]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL as sent, with the value of every secret query parameter replaced by REDACTED. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_QUERY_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Fastify's own `req` serializer, the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * Fastify's two lines per request ("incoming request", "request completed") only when asked: LOG_REQUESTS=true, or
 * LOG_LEVEL debug or trace without a LOG_REQUESTS of false. Under load they would be most of the log
 * (docs/observability.md, "Request logs").
 */
export function logsEveryRequest(config: { LOG_REQUESTS?: boolean; LOG_LEVEL: string }): boolean {
  return config.LOG_REQUESTS ?? (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace');
}

/**
 * Fastify's log lines about requests, with the lines per request kept for when they are asked for; a 5xx answer is
 * always one error line, and so are the stream, header and serializer errors Fastify reports (left to the base class).
 */
export class RequestLogController extends LogController {
  readonly everyRequest: boolean;

  constructor(everyRequest: boolean) {
    super();
    this.everyRequest = everyRequest;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.everyRequest) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error || reply.statusCode >= 500) {
      reply.log.error({ req: request, res: reply, err: error ?? undefined, responseTime: reply.elapsedTime }, 'request failed');
    } else if (this.everyRequest) {
      super.requestCompleted(error, request, reply, metadata);
    }
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.everyRequest) super.routeNotFound(request, reply, metadata);
  }
}
