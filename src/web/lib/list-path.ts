// Paths of the server lists (docs/rules/lists.md#list-endpoints): `q`, `limit`, `offset` and filters as query parameters.

export const PAGE_SIZE = 25;

export type ListParams = Record<string, string | number | null | undefined>;

export function listPath(path: string, params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
