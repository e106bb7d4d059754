// How answers are compressed. The API's JSON answers, whole strings by the time they are sent, are compressed in one
// call here (registerJsonCompression); @fastify/compress handles the rest (the web app's files, streams) and leaves an
// answer that already has a content encoding alone. Its per-answer zlib stream cost about 5x the CPU of one call for
// a 15 KB page (840 vs 175 µs with brotli quality 4: docs/performance.md, "Session 8").
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];
// Quality 4: @fastify/compress's default; 11 costs far more time than it saves bytes on the fly.
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * For one answer of `bytes`: a window no larger than the answer needs (brotli's default is 4 MB, and an encoder
 * allocates for it on every call: with several on zlib's threads at once, the C library kept tens of MB it could not
 * give back; docs/performance.md, "Session 9"). A window covering the whole answer compresses it exactly as well.
 */
function brotliFor(bytes: number): zlib.BrotliOptions {
  const lgwin = Math.min(24, Math.max(16, Math.ceil(Math.log2(bytes + 1))));
  return {
    params: {
      ...BROTLI_OPTIONS.params,
      [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

export const compressPluginOptions = { threshold: COMPRESS_THRESHOLD, encodings: ENCODINGS, brotliOptions: BROTLI_OPTIONS };

/**
 * The encoding to send `text` in to a client sending these request headers, as @fastify/compress would choose it;
 * undefined: as it is. (No memo of past answers: the header is the client's to vary, so one would grow without bound.)
 */
export function encodingFor(headers: IncomingHttpHeaders, contentType: string | undefined, text: string): ContentEncoding | undefined {
  const accept = headers['accept-encoding'];
  if (typeof accept !== 'string' || headers['x-no-compression'] !== undefined) return undefined;
  if (text.length < COMPRESS_THRESHOLD || !contentType?.startsWith('application/json')) return undefined;
  // x-gzip is gzip's old name (RFC 9110 section 8.4.1.3), as @fastify/compress reads it.
  return negotiate(accept.toLowerCase().replace(/x-gzip/g, 'gzip'), ENCODINGS) ?? undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers up to this size are compressed on the event loop (about 0.25 ms of CPU for 15 KB with brotli 4). */
const SYNC_COMPRESS_MAX = 64 * 1024;

function compressTextNow(text: string, encoding: ContentEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(text, brotliFor(Buffer.byteLength(text))) : zlib.gzipSync(text);
}

/** Compresses off the event loop (zlib's thread pool). */
export function compressText(text: string, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, brotliFor(Buffer.byteLength(text))) : gzip(text);
}

/** Marks a reply as carrying `encoding` (@fastify/compress then leaves it alone). */
export function setContentEncoding(reply: FastifyReply, encoding: ContentEncoding): void {
  const vary = reply.getHeader('vary');
  const varies = typeof vary === 'string' && /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary);
  void reply.header('content-encoding', encoding);
  if (!varies) void reply.header('vary', typeof vary === 'string' && vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses each JSON answer sent as a string in one zlib call for clients that accept it. Registered before
 * @fastify/compress. `offMainThread`: every answer goes to zlib's thread pool, for when the main thread is the one that
 * is busiest (the embedded database runs its queries on it: PGlite's answers then spend no time waiting behind
 * compression, and the other core does it; docs/performance.md, "Session 9").
 */
export function registerJsonCompression(app: FastifyInstance, opts: { offMainThread?: boolean } = {}): void {
  const syncMax = opts.offMainThread ? 0 : SYNC_COMPRESS_MAX;
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    const encoding = encodingFor(request.headers, typeof type === 'string' ? type : undefined, payload);
    if (!encoding) return payload;
    // Most answers are a page of JSON: compressed right here, which costs about a third less CPU than handing the
    // same call to zlib's thread pool; a large one goes to the pool so the event loop is not held for milliseconds.
    const body = payload.length <= syncMax ? compressTextNow(payload, encoding) : await compressText(payload, encoding);
    setContentEncoding(reply, encoding);
    return body;
  });
}
