import { downloadFile } from '@/lib/download';

/** Saves the estimate's PDF as estimate-{number}.pdf (the server's Content-Disposition name). */
export function downloadEstimatePdf(estimate: { id: number; estimateNumber: string }): Promise<string> {
  return downloadFile(`/api/estimates/${estimate.id}/pdf`, `estimate-${estimate.estimateNumber}.pdf`);
}
