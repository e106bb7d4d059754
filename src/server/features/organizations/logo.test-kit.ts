// Test helpers for logo uploads: a multipart body as a browser's FormData sends it, and real image bytes.
import { randomUUID } from 'node:crypto';
import { solidPng } from '../documents/documents.test-kit';
import type { TestApp } from '../../test/test-app';

export { solidPng };

/** A 1 x 1 GIF and a 1 x 1 lossless WebP, as image files carry them. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export function multipart(parts: { field: string; fileName?: string; contentType?: string; data: Buffer | string }[]) {
  const boundary = `----tradebook${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.fileName === undefined ? `form-data; name="${p.field}"` : `form-data; name="${p.field}"; filename="${p.fileName}"`;
    const type = p.fileName === undefined ? '' : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/organizations/{id}/logo with one file in the field "logo". */
export function postLogo(t: TestApp, cookie: string, organizationId: number, file: { fileName: string; contentType: string; data: Buffer | string }) {
  const body = multipart([{ field: 'logo', ...file }]);
  return t.call({ method: 'POST', url: `/api/organizations/${organizationId}/logo`, cookie, headers: body.headers, payload: body.payload });
}
