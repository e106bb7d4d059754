import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { TruncationTitles } from '@/components/truncated-text';
import { AppRecordDialogs } from '@/app/record-dialogs';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRecordDialogs>{children}</AppRecordDialogs>
      <LazyToaster />
      <TruncationTitles />
    </QueryClientProvider>
  );
}
