import type { ZipPlace } from '@contracts/customers';
import { api } from '@/lib/api-client';

/** City and state of a 5-digit US ZIP code from our own API (docs/rules/platform.md#uploads-and-lookups). */
export function lookupZip(zip: string, signal?: AbortSignal): Promise<ZipPlace> {
  return api.get<ZipPlace>(`/api/zip/${encodeURIComponent(zip)}`, { signal });
}
