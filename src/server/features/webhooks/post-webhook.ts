// One POST of a delivery (docs/rules/public-api.md#webhook-requests): to the addresses webhook-url.ts checked, never
// following a redirect, given up after WEBHOOK_LIMITS.timeoutSeconds, keeping the answer's status and first 2 KB.
// Whatever happens is an outcome to record, never an exception: an unreachable endpoint is the endpoint's problem.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { WEBHOOK_LIMITS } from '../../../contracts/webhooks';
import { addressesFor, hostOf, RefusedUrl, type ResolvedAddress, type UrlRules } from './webhook-url';

export interface PostOutcome {
  /** The endpoint's HTTP status, or null when no answer came. */
  status: number | null;
  /** The start of its body (at most WEBHOOK_LIMITS.responseBody bytes), or null. */
  body: string | null;
  /** Why it did not succeed, in words for the deliveries list; null on a 2xx. */
  error: string | null;
}

export interface PostOptions extends UrlRules {
  timeoutMs?: number;
}

/** Connects to the checked addresses only, whatever the name resolves to by now. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as LookupFunction;
}

/** A network failure in words: the code Node gives it when there is one. */
function describeFailure(err: unknown, host: string, timeoutSeconds: number): string {
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  switch (e?.code) {
    case 'TIMEOUT':
      return `No answer within ${timeoutSeconds} seconds`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not find ${host} (DNS: ${e.code})`;
    case 'ECONNREFUSED':
      return `Could not connect to ${host}: connection refused`;
    case 'ECONNRESET':
      return `The connection to ${host} was closed before an answer`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Could not reach ${host} (${e.code})`;
    default:
      return `Could not deliver to ${host}: ${e?.message || String(err)}`.slice(0, 500);
  }
}

const wholeCharacters = (bytes: Buffer) => new StringDecoder('utf8').write(bytes.subarray(0, WEBHOOK_LIMITS.responseBody));

/**
 * The start of an answer as text a database column holds: at most WEBHOOK_LIMITS.responseBody bytes of UTF-8, whole
 * characters only, no NUL. Bytes that are not UTF-8 read as U+FFFD, three bytes each, so the text is cut again.
 */
function keptText(bytes: Buffer): string {
  const text = wholeCharacters(bytes).replaceAll('\u0000', '');
  return Buffer.byteLength(text) <= WEBHOOK_LIMITS.responseBody ? text : wholeCharacters(Buffer.from(text, 'utf8'));
}

export async function postWebhook(target: string, headers: Record<string, string>, body: string, opts: PostOptions): Promise<PostOutcome> {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_LIMITS.timeoutSeconds * 1000;
  const timeoutSeconds = Math.round(timeoutMs / 1000);
  const url = new URL(target);
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  try {
    addresses = await addressesFor(opts, url);
  } catch (err) {
    if (err instanceof RefusedUrl) return { status: null, body: null, error: err.message };
    return { status: null, body: null, error: describeFailure(err, host, timeoutSeconds) };
  }
  const payload = Buffer.from(body, 'utf8');
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = (url.protocol === 'https:' ? https : http).request({
      method: 'POST',
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, 'Content-Length': String(payload.length) },
      lookup: pinnedLookup(addresses),
      // One connection per delivery: no pooled socket outlives the checked addresses.
      agent: false,
    });
    // The whole exchange, connecting included, gets WEBHOOK_LIMITS.timeoutSeconds.
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), timeoutMs);
    request.on('error', (err) => finish({ status: null, body: null, error: describeFailure(err, host, timeoutSeconds) }));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const ok = status >= 200 && status < 300;
        const location = response.headers.location;
        const error = ok
          ? null
          : status >= 300 && status < 400
            ? `Answered ${status} (a redirect${location ? ` to ${String(location).slice(0, 300)}` : ''}, not followed): webhooks need a 2xx from the URL itself`
            : `Answered ${status}: webhooks need a 2xx`;
        finish({ status, body: kept > 0 ? keptText(Buffer.concat(chunks)) : '', error });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < WEBHOOK_LIMITS.responseBody) {
          chunks.push(chunk);
          kept += chunk.length;
        }
        // Enough kept: the rest of a large answer is not waited for.
        if (kept >= WEBHOOK_LIMITS.responseBody) done();
      });
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    request.end(payload);
  });
}
