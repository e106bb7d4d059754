import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@contracts/auth';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
