import { useQuery } from '@tanstack/react-query';
import type { OutboxEntry } from '@contracts/outbox';
import { api } from '@/lib/api-client';

/** The latest 50 e-mails and text messages, newest first (outside production only). */
export function getOutbox(): Promise<OutboxEntry[]> {
  return api.get<OutboxEntry[]>('/api/dev/outbox');
}

export function useOutbox() {
  return useQuery({ queryKey: ['dev', 'outbox'], queryFn: getOutbox, staleTime: 0 });
}
