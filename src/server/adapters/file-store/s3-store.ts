// An S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2, ...) over its REST API, each request
// signed with AWS Signature Version 4 by aws4fetch: a few kilobytes instead of the AWS SDK. A failure is answered as
// our own (docs/payments.md, "Third-party failures"): 502 when the store answered with an error, 503 with Retry-After
// when it could not be reached; its own words go to the log with the provider `s3`.
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { ATTACHMENT_MESSAGES } from '../../../contracts/work-order-attachments';
import { providerFailed, providerUnavailable, type AppError } from '../../platform/errors';
import type { ObjectStore } from './file-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** A request that takes longer than this is given up and answered 503. */
const TIMEOUT_MS = 30_000;

/** The object's URL: path style ({endpoint}/{bucket}/{key}) or virtual-hosted ({bucket}.{host}/{key}). */
export function objectUrl(s: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>, key: string): string {
  const base = new URL(s.endpoint);
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (s.forcePathStyle) return `${base.origin}${base.pathname.replace(/\/+$/, '')}/${encodeURIComponent(s.bucket)}/${path}`;
  return `${base.protocol}//${s.bucket}.${base.host}${base.pathname.replace(/\/+$/, '')}/${path}`;
}

function unreachable(operation: string, err: unknown): AppError {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const why = [err instanceof Error ? err.message : String(err), cause?.code ?? cause?.message].filter(Boolean).join(': ');
  return providerUnavailable('s3', ATTACHMENT_MESSAGES.storageUnreachable, `${operation}: ${why}`, 30);
}

async function refused(operation: string, res: Response): Promise<AppError> {
  // S3's error body is a short XML document (<Code>AccessDenied</Code><Message>...</Message>): its words go to the log.
  const text = (await res.text().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ');
  return providerFailed('s3', ATTACHMENT_MESSAGES.storageRefused, `${operation}: HTTP ${res.status} ${text}`.trim());
}

export function createS3Store(s: S3Settings): ObjectStore {
  // One quick retry of a 5xx or 429, not aws4fetch's default ten: the person uploading is waiting.
  const client = new AwsClient({ accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, service: 's3', region: s.region, retries: 1, initRetryMs: 200 });

  const send = async (operation: string, url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> => {
    try {
      return await client.fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw unreachable(operation, err);
    }
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      // The body's own hash is signed, so the store refuses bytes changed on the way.
      const res = await send(`PUT ${key}`, objectUrl(s, key), {
        method: 'PUT',
        // A copy in an ArrayBuffer of its own: what fetch's body type takes (a Buffer may sit in Node's shared pool).
        body: new Uint8Array(body),
        headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), 'X-Amz-Content-Sha256': createHash('sha256').update(body).digest('hex') },
      });
      if (!res.ok) throw await refused(`PUT ${key}`, res);
      await res.arrayBuffer().catch(() => undefined);
    },
    async get(key) {
      const res = await send(`GET ${key}`, objectUrl(s, key), { method: 'GET' });
      if (res.status === 404) {
        await res.arrayBuffer().catch(() => undefined);
        return null;
      }
      if (!res.ok) throw await refused(`GET ${key}`, res);
      try {
        return Buffer.from(await res.arrayBuffer());
      } catch (err) {
        throw unreachable(`GET ${key}`, err);
      }
    },
    async delete(key) {
      const res = await send(`DELETE ${key}`, objectUrl(s, key), { method: 'DELETE' });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok && res.status !== 404) throw await refused(`DELETE ${key}`, res);
    },
  };
}
