import { toast } from '@/components/ui/use-toast';

/** The quote page's full address on this site. */
export const approvalUrlOf = (approvalPath: string) => `${window.location.origin}${approvalPath}`;

/** Copies the customer's link, with a toast either way (no clipboard outside secure contexts counts as refused). */
export async function copyApprovalLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Paste it into a message to the customer.' });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description: 'Select the link and copy it by hand.' });
  }
}
