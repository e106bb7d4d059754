// Whole answers of the list, search and stats calls (routes marked `cacheResponse`), kept per caller and URL
// until data changes (storage and freshness rules: read-cache.ts). A repeated call then costs the session check
// and a lookup instead of its queries, serialization and compression: each kept answer is compressed at most once
// per encoding, and every client asking for that encoding gets the same bytes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressText, encodingFor, setContentEncoding, type ContentEncoding } from './compression';
import { addResponseBytes, cachedResponse, responseGeneration, storeResponse, type StoredResponse } from './read-cache';

/**
 * Called by the guard once the caller is known to be allowed: sends the cached answer (true), or marks the request
 * so its answer is kept. Public routes are keyed by URL alone, signed-in ones by user and URL.
 */
export async function answerFromCache(db: object, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.method !== 'GET' || !request.routeOptions.config.cacheResponse) return false;
  const access = request.routeOptions.config.access;
  const key = `${access?.kind === 'public' ? 'public' : `user:${request.ctx?.user.id ?? 'none'}`} ${request.url}`;
  const hit = cachedResponse(db, key);
  if (hit) {
    // X-Cache says where the answer came from (operators and tests look at it).
    void reply.headers(hit.headers).header('x-cache', 'hit');
    void reply.send(await encodedForClient(db, hit, request, reply));
    return true;
  }
  const generation = responseGeneration(db);
  if (generation !== undefined) request.responseCacheSlot = { key, generation };
  return false;
}

/**
 * Keeps each marked 200 answer as the handler made it, and sends it compressed from the kept entry, so the next
 * client asking for the same encoding gets these bytes without compressing again. Registered before
 * @fastify/compress, which leaves an answer that already has a content encoding alone.
 */
export function registerResponseCache(app: FastifyInstance, db: object): void {
  app.decorateRequest('responseCacheSlot', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    const slot = request.responseCacheSlot;
    if (!slot || reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('set-cookie')) return done(null, payload);
    const entry = storeResponse(db, slot.key, slot.generation, payload, replayableHeaders(reply.getHeaders()));
    if (!entry) return done(null, payload);
    encodedForClient(db, entry, request, reply).then((body) => done(null, body), done);
  });
}

/** The kept answer in the encoding this client accepts: compressed once per entry and encoding, then shared. */
async function encodedForClient(db: object, entry: StoredResponse, request: FastifyRequest, reply: FastifyReply): Promise<string | Buffer> {
  const encoding = encodingFor(request.headers, entry.headers['content-type'], entry.payload);
  if (!encoding) return entry.payload;
  const body = await compressedOnce(db, entry, encoding);
  if (!body) return entry.payload;
  setContentEncoding(reply, encoding);
  return body;
}

function compressedOnce(db: object, entry: StoredResponse, encoding: ContentEncoding): Promise<Buffer | null> {
  let body = entry.encoded.get(encoding);
  if (!body) {
    // A failure sends the text instead (and is not kept, so the next client tries again).
    body = compressText(entry.payload, encoding).then(
      (buf) => {
        addResponseBytes(db, entry, buf.length);
        return buf;
      },
      () => {
        entry.encoded.delete(encoding);
        return null;
      },
    );
    entry.encoded.set(encoding, body);
  }
  return body;
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
