import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { impersonateResponseSchema } from '@contracts/auth';
import { api } from '@/lib/api-client';

type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

export function impersonateUser(userId: number): Promise<ImpersonateResponse> {
  return api.post<ImpersonateResponse>('/api/admin/impersonate', { userId });
}

export function useImpersonateUser() {
  return useMutation({ mutationFn: impersonateUser, retry: false });
}
