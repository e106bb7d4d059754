// Imports (docs/rules/data-exchange.md#imports): the upload with its progress, the preview of a mapping, the import
// itself read as NDJSON so its progress bar follows the server's batches, and the recent imports.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_LIMITS, NDJSON_TYPE, type Import, type ImportChoices, type ImportKind, type ImportPreview, type ImportRunLine, type ImportSummary } from '@contracts/imports';
import { api, ApiError, type ApiErrorBody } from '@/lib/api-client';
import { getImpersonationToken } from '@/lib/impersonation-token';
import { uploadForm } from '@/lib/upload-file';

export const importKeys = {
  all: ['imports'] as const,
  recent: (kind: ImportKind) => ['imports', 'recent', kind] as const,
  preview: (id: number, choices: ImportChoices) => ['imports', 'preview', id, choices] as const,
};

export interface UploadVariables {
  kind: ImportKind;
  file: File;
  /** A super user's choice; everyone else imports into their own. */
  organizationId?: number;
  onProgress?: (fraction: number) => void;
}

/** POST /api/imports: the file in the multipart field `file`, beside it `kind`. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, organizationId, onProgress }: UploadVariables) => {
      const form = new FormData();
      form.append('kind', kind);
      if (organizationId) form.append('organizationId', String(organizationId));
      form.append(IMPORT_LIMITS.field, file, file.name || 'import.csv');
      return uploadForm<Import>('/api/imports', form, onProgress);
    },
    // A failed upload is not retried: the person sees why and chooses again.
    retry: false,
    onSuccess: (imp) => queryClient.invalidateQueries({ queryKey: importKeys.recent(imp.kind) }),
  });
}

/** The preview of the choices being made: the previous answer stays on screen while the next one loads. */
export function useImportPreview(id: number | null, choices: ImportChoices | null) {
  return useQuery({
    queryKey: id !== null && choices ? importKeys.preview(id, choices) : ['imports', 'preview', 'none'],
    queryFn: ({ signal }) => api.post<ImportPreview>(`/api/imports/${id}/preview`, choices, { signal }),
    enabled: id !== null && choices !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}

export function useRecentImports(kind: ImportKind) {
  return useQuery({ queryKey: importKeys.recent(kind), queryFn: ({ signal }) => api.get<ImportSummary[]>(`/api/imports?kind=${kind}&limit=5`, { signal }) });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/imports/{id}/run asking for NDJSON: `onProgress` gets each batch as the server writes it; the result
 * line answers, an error (before the stream, or its last line) throws an ApiError as every call does.
 */
export async function runImport(id: number, choices: ImportChoices, onProgress: (done: number, total: number) => void): Promise<Import> {
  const headers: Record<string, string> = { Accept: NDJSON_TYPE, 'Content-Type': 'application/json' };
  const token = getImpersonationToken();
  if (token) headers['x-impersonation-token'] = token;
  const response = await fetch(`/api/imports/${id}/run`, { method: 'POST', headers, body: JSON.stringify(choices), credentials: 'include' });
  if (!response.ok || !response.body) {
    const text = await response.text();
    const body = parseJson(text);
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body && typeof body === 'object' ? (body as ApiErrorBody) : null);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (!line) continue;
      const item = parseJson(line) as ImportRunLine | null;
      if (item?.type === 'progress') onProgress(item.done, item.total);
      else if (item?.type === 'result') return item.import;
      else if (item?.type === 'error') throw new ApiError(item.status, item.message, { message: item.message });
    }
    if (done) break;
  }
  // The server goes on without us: the import may still have finished.
  throw new Error('The connection was lost before the import finished: open the list to see whether it came in.');
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, choices, onProgress }: { id: number; choices: ImportChoices; onProgress: (done: number, total: number) => void }) => runImport(id, choices, onProgress),
    retry: false,
    // Every list, figure and picker may hold the imported records; a done import has no preview to fetch again.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'imports' || query.queryKey[1] !== 'preview' }),
  });
}
