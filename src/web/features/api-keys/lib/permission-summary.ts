// How a key's permissions read in the list (docs/rules/public-api.md#developers-screen): the presets by name, a few
// permissions by their labels, more as the first two and a count.
import { API_KEY_PERMISSION_GROUPS, API_KEY_PERMISSIONS, READ_ONLY_API_KEY_PERMISSIONS } from '@contracts/api-keys';

const LABELS = new Map<string, string>(API_KEY_PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => [p.id, p.label] as const)));

/** A permission's words ("View customers"); its id when it is not one a key may carry. */
export const permissionLabel = (id: string) => LABELS.get(id) ?? id;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && b.every((p) => a.includes(p));

export function permissionSummary(permissions: readonly string[]): string {
  const unique = [...new Set(permissions)];
  if (sameSet(unique, API_KEY_PERMISSIONS)) return 'Full access';
  if (sameSet(unique, READ_ONLY_API_KEY_PERMISSIONS)) return 'Read only';
  const labels = unique.map(permissionLabel);
  if (labels.length <= 2) return labels.join(', ');
  return `${labels[0]}, ${labels[1]} and ${labels.length - 2} more`;
}

/** Every permission in words, one per line: the summary's tooltip. */
export const permissionList = (permissions: readonly string[]) => permissions.map(permissionLabel).join('\n');
