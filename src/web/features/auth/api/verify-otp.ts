import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, VerifyOtpBody } from '@contracts/auth';
import { api } from '@/lib/api-client';

export function verifyOtp(body: VerifyOtpBody): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/verify-otp', body);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
