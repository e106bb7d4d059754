import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fetchFile, fileNameFromContentDisposition } from '@/lib/download';

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted file name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="invoice-INV-00001.pdf"')).toBe('invoice-INV-00001.pdf');
  });

  it('prefers the RFC 6266 UTF-8 name over the ASCII fallback', () => {
    const header = `attachment; filename="invoice-2026-_d_-7.pdf"; filename*=UTF-8''invoice-2026-%C5%81%C3%B3d%C5%BA-7.pdf`;
    expect(fileNameFromContentDisposition(header)).toBe('invoice-2026-Łódź-7.pdf');
  });

  it('reads an unquoted name and refuses path parts', () => {
    expect(fileNameFromContentDisposition('attachment; filename=estimate-EST-00002.pdf')).toBe('estimate-EST-00002.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
  });

  it('answers null without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('inline')).toBeNull();
  });
});

describe('fetchFile', () => {
  let storage: Map<string, string>;
  let calls: { url: string; init: RequestInit }[];

  beforeEach(() => {
    calls = [];
    storage = new Map();
    vi.stubGlobal('window', { localStorage: { getItem: (k: string) => storage.get(k) ?? null } });
  });
  afterEach(() => vi.unstubAllGlobals());

  function respond(response: Response) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return response;
      }),
    );
  }

  it('sends cookies and the impersonation token, and names the file from the header', async () => {
    storage.set('impersonation_token', 'tok');
    respond(new Response('%PDF-1.7', { status: 200, headers: { 'content-disposition': 'attachment; filename="invoice-INV-00003.pdf"' } }));
    const file = await fetchFile('/api/invoices/3/pdf', 'invoice.pdf');
    expect(file.fileName).toBe('invoice-INV-00003.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(calls[0].init.credentials).toBe('include');
    expect((calls[0].init.headers as Record<string, string>)['x-impersonation-token']).toBe('tok');
  });

  it('falls back to the given name', async () => {
    respond(new Response('x', { status: 200 }));
    expect((await fetchFile('/api/estimates/1/pdf', 'estimate.pdf')).fileName).toBe('estimate.pdf');
  });

  it('turns a failure into an ApiError with status and body', async () => {
    respond(new Response('{"message":"Invoice not found"}', { status: 404 }));
    const error = await fetchFile('/api/invoices/9/pdf', 'x.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('404: {"message":"Invoice not found"}');
    expect((error as ApiError).body?.message).toBe('Invoice not found');
  });
});
