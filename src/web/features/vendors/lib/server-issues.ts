import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/** Puts a 400's per-field issues under the form's fields (the toast names the failure). */
export function applyServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): void {
  if (!isApiError(error, 400)) return;
  for (const issue of error.body?.issues ?? []) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : issue.path;
    const field = path.split('.')[0];
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: issue.message });
  }
}
