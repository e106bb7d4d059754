// Test helpers for imports: an upload as the browser's FormData sends it, CSV text, and the stored fixtures.
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { Import, ImportDuplicates, ImportKind } from '../../../contracts/imports';
import type { TestApp } from '../../test/test-app';
import { multipart } from '../organizations/logo.test-kit';

/** An export of Jobber, Housecall Pro or QuickBooks Online kept in ./fixtures. */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
}

/** RFC 4180 text of the rows (the first is the header). */
export function csv(rows: (string | number)[][]): string {
  return `${rows.map((r) => r.map((c) => (/[",\r\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\r\n')}\r\n`;
}

export function postImportFile(t: TestApp, cookie: string, file: { kind: string; fileName?: string; data: Buffer | string; organizationId?: number }): Promise<LightMyRequestResponse> {
  const body = multipart([
    { field: 'kind', data: file.kind },
    ...(file.organizationId ? [{ field: 'organizationId', data: String(file.organizationId) }] : []),
    { field: 'file', fileName: file.fileName ?? 'import.csv', contentType: 'text/csv', data: file.data },
  ]);
  return t.call({ method: 'POST', url: '/api/imports', cookie, headers: body.headers, payload: body.payload });
}

/** Uploads and answers the import (expects 201). */
export async function uploadImport(t: TestApp, cookie: string, kind: ImportKind, data: Buffer | string, fileName?: string): Promise<Import> {
  const res = await postImportFile(t, cookie, { kind, data, fileName });
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export function runImportCall(t: TestApp, cookie: string, imp: Import, duplicates: ImportDuplicates = 'skip', headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.call({ method: 'POST', url: `/api/imports/${imp.id}/run`, cookie, headers, payload: { mapping: imp.mapping, duplicates } });
}
