// The security headers of every answer (CSP, frame, referrer, nosniff, ...), from helmet: one set for pages, a
// shorter and stricter one for JSON answers. Neither depends on the request, so helmet runs once per set at startup
// against a recording response and each answer just gets the result: @fastify/helmet rebuilt helmet's middleware,
// CSP parsing included, on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set with these options, by lower-case name. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The set for JSON answers, after OWASP's REST Security Cheat Sheet: nothing may load or frame an answer
 * (`default-src 'none'; frame-ancestors 'none'`, X-Frame-Options DENY), no sniffing, same-origin reads only. The
 * headers that only mean something to a document (opener and agent-cluster isolation, DNS prefetch, IE and Flash
 * switches) are left off, so each API answer carries 5 short headers instead of 11 written for pages.
 */
const apiOptions = (hsts: HelmetOptions['hsts']): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: { policy: 'no-referrer' },
  hsts,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * JSON answers (data and errors) get the API set with the same HSTS setting; everything else (pages, assets, PDFs,
 * the OpenAPI UI) gets `pageOptions`. Chosen by the answer's content type, once it is known.
 */
export function registerSecurityHeaders(app: FastifyInstance, pageOptions: HelmetOptions): void {
  const page = securityHeaders(pageOptions);
  const api = securityHeaders(apiOptions(pageOptions.hsts));
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('application/json') ? api : page);
    done(null, payload);
  });
}
