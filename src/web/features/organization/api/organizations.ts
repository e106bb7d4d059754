import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateOrganizationBody, Organization, UpdateOrganizationBody } from '@contracts/organizations';
import { api, ApiError, type ApiErrorBody } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { getImpersonationToken } from '@/lib/impersonation-token';
import { invalidateOrganizations } from '@/lib/use-organizations';

/** A name, slug, logo or label change shows in the shell (session organization) and on the public pages. */
function refreshAfterChange(queryClient: QueryClient) {
  void invalidateOrganizations(queryClient);
  void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['public'] });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) => api.post<Organization>('/api/organizations', body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOrganizationBody }) => api.put<Organization>(`/api/organizations/${id}`, body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** POST /api/organizations/{id}/logo as multipart (the browser sets the boundary; the CSRF rule accepts multipart). */
async function postLogo(id: number, file: File): Promise<Organization> {
  const form = new FormData();
  form.append('logo', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getImpersonationToken();
  if (token) headers['x-impersonation-token'] = token;
  const response = await fetch(`/api/organizations/${id}/logo`, { method: 'POST', body: form, headers, credentials: 'include' });
  const text = await response.text();
  const parsed = parseJson(text);
  if (!response.ok) {
    const body = parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
  }
  return parsed as Organization;
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => postLogo(id, file),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
