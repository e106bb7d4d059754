import { useMutation } from '@tanstack/react-query';
import type { SendOtpBody } from '@contracts/auth';
import { api } from '@/lib/api-client';

export function sendOtp(body: SendOtpBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/send-otp', body);
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
