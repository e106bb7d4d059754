// A list's export (docs/rules/data-exchange.md#list-exports): `GET <list>/export` with the list's own search and
// filters, downloaded through lib/download (cookies and the impersonation header, which a plain link would lose).
import type { ListExportFormat } from '@contracts/list-export';
import { downloadFile } from '@/lib/download';
import { listPath, type ListParams } from '@/lib/list-path';

/** Which list to export: its path (`/api/invoices`) and the query the screen sends it, without paging. */
export interface ListExportSource {
  path: string;
  params?: ListParams;
}

export function listExportPath(source: ListExportSource, format: ListExportFormat): string {
  return listPath(`${source.path}/export`, { ...source.params, format });
}

/** Downloads the export; resolves with the name it was saved under (the server names it: invoices-2026-11-28.csv). */
export function downloadListExport(source: ListExportSource, format: ListExportFormat): Promise<string> {
  const fallback = `${source.path.split('/').filter(Boolean).at(-1) ?? 'list'}.${format}`;
  return downloadFile(listExportPath(source, format), fallback);
}
