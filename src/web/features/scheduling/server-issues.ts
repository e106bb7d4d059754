import { ApiError } from '@/lib/api-client';

/**
 * The form field each server issue belongs to (`rename` maps a body field to the form's name);
 * issues for fields the form does not show are left out.
 */
export function fieldIssues(error: unknown, fields: readonly string[], rename: Record<string, string> = {}): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const out: { field: string; message: string }[] = [];
  for (const issue of error.body?.issues ?? []) {
    const head = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : issue.path.split('.')[0];
    const field = rename[head] ?? head;
    if (fields.includes(field)) out.push({ field, message: issue.message });
  }
  return out;
}
