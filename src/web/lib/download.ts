// File downloads (invoice and estimate PDFs) under the request rules of docs/rules/platform.md#request-rules:
// cookies, the impersonation header, and `status: body` errors. The file is saved under the name the
// server gives in Content-Disposition (invoice-INV-00001.pdf).
import { ApiError, type ApiErrorBody } from '@/lib/api-client';
import { getImpersonationToken } from '@/lib/impersonation-token';

/** The file name of a Content-Disposition header: RFC 6266 `filename*` first, then `filename`. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return sanitizeFileName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return sanitizeFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare ? sanitizeFileName(bare[1]) : null;
}

/** No path parts or control characters in a name we hand to the browser. */
function sanitizeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\\/\u0000-\u001f]/g, '_').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/** GETs a file with the api-client rules; the name comes from Content-Disposition, else `fallbackName`. */
export async function fetchFile(path: string, fallbackName: string, extraHeaders: Record<string, string> = {}): Promise<FetchedFile> {
  const headers: Record<string, string> = { ...extraHeaders };
  const token = getImpersonationToken();
  if (token) headers['x-impersonation-token'] = token;
  const response = await fetch(path, { method: 'GET', headers, credentials: 'include' });
  if (!response.ok) {
    const text = await response.text();
    let body: ApiErrorBody | null = null;
    try {
      const parsed: unknown = text ? JSON.parse(text) : null;
      if (parsed && typeof parsed === 'object') body = parsed as ApiErrorBody;
    } catch {
      body = null;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
  }
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns; give them time before releasing it.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Fetches and saves a file; resolves with the name it was saved under. */
export async function downloadFile(path: string, fallbackName: string, headers?: Record<string, string>): Promise<string> {
  const { blob, fileName } = await fetchFile(path, fallbackName, headers);
  saveBlob(blob, fileName);
  return fileName;
}
