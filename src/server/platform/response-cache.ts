// Whole answers of the list, search and stats calls (routes marked `cacheResponse`), kept per caller and URL
// until data changes (storage and freshness rules: read-cache.ts). A repeated call then costs the session check
// and a lookup instead of its queries and serialization.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedResponse, responseGeneration, storeResponse } from './read-cache';

/**
 * Called by the guard once the caller is known to be allowed: sends the cached answer (true), or marks the request
 * so its answer is kept. Public routes are keyed by URL alone, signed-in ones by user and URL.
 */
export function answerFromCache(db: object, request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' || !request.routeOptions.config.cacheResponse) return false;
  const access = request.routeOptions.config.access;
  const key = `${access?.kind === 'public' ? 'public' : `user:${request.ctx?.user.id ?? 'none'}`} ${request.url}`;
  const hit = cachedResponse(db, key);
  if (hit) {
    // X-Cache says where the answer came from (operators and tests look at it).
    void reply.headers(hit.headers).header('x-cache', 'hit').send(hit.payload);
    return true;
  }
  const generation = responseGeneration(db);
  if (generation !== undefined) request.responseCacheSlot = { key, generation };
  return false;
}

/**
 * Keeps each marked 200 answer as sent. Registered before compression, so the JSON text is kept and each client
 * still gets the encoding it asked for.
 */
export function registerResponseCache(app: FastifyInstance, db: object): void {
  app.decorateRequest('responseCacheSlot', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    const slot = request.responseCacheSlot;
    if (slot && reply.statusCode === 200 && typeof payload === 'string' && !reply.hasHeader('set-cookie')) {
      storeResponse(db, slot.key, slot.generation, payload, replayableHeaders(reply.getHeaders()));
    }
    done(null, payload);
  });
}

/** The headers a cached answer is sent again with: the handler's own (content type, X-Total-Count, ...). */
function replayableHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-length' || name === 'set-cookie' || name === 'date' || name === 'connection') continue;
    if (typeof value === 'string' || typeof value === 'number') out[name] = String(value);
  }
  return out;
}
