import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/** Puts a 400's per-field issues on the form's fields; true when at least one was placed. */
export function applyServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  if (!isApiError(error, 400)) return false;
  let placed = false;
  for (const issue of error.body?.issues ?? []) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : issue.path;
    if (fields.includes(path.split('.')[0])) {
      setError(path as Path<T>, { type: 'server', message: issue.message });
      placed = true;
    }
  }
  return placed;
}
