import { useState } from 'react';
import type { Estimate } from '@contracts/estimates';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { downloadEstimatePdf } from '@/features/estimates/api/download-estimate';
import { useEmailEstimate } from '@/features/estimates/api/email-estimate';

/** Email to customer and Download Estimate, with the messages of docs/rules/records.md#messages-on-screen. */
export function useEstimateActions() {
  const emailMutation = useEmailEstimate();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);

  const email = (estimate: Pick<Estimate, 'id'>) =>
    emailMutation.mutate(estimate.id, {
      onSuccess: () => toast({ title: 'Estimate emailed successfully to customer' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to send estimate email. Please check email configuration.', description: errorMessage(error) }),
    });

  const download = async (estimate: Pick<Estimate, 'id' | 'estimateNumber'>) => {
    setDownloadingId(estimate.id);
    try {
      await downloadEstimatePdf(estimate);
      toast({ title: 'Estimate downloaded successfully' });
    } catch {
      toast({ variant: 'destructive', title: 'Download failed, please try again.' });
    } finally {
      setDownloadingId(null);
    }
  };

  return {
    email,
    download,
    emailingId: emailMutation.isPending ? (emailMutation.variables ?? null) : null,
    downloadingId,
  };
}
