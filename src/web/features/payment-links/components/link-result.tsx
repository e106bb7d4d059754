import { Copy, ExternalLink } from 'lucide-react';
import { PAYMENT_LINK_MESSAGES } from '@contracts/payment-links';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

export type LinkKind = 'Invoice' | 'Generic';

export async function copyLink(url: string, kind: LinkKind): Promise<void> {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: PAYMENT_LINK_MESSAGES.copiedTitle, description: PAYMENT_LINK_MESSAGES.copied(kind) });
  } catch {
    toast({ variant: 'destructive', title: PAYMENT_LINK_MESSAGES.copyFailedTitle, description: PAYMENT_LINK_MESSAGES.copyFailed });
  }
}

export const openLink = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

/** The generated URL, selectable, with Copy and Test (opens the pay page in a new tab). */
export function LinkResult({ url, kind }: { url: string; kind: LinkKind }) {
  const id = `${kind.toLowerCase()}-payment-link-url`;
  return (
    <div className="space-y-2 rounded-lg border bg-muted/40 p-3" data-testid={`${kind.toLowerCase()}-link-result`}>
      <Label htmlFor={id}>{kind} payment link</Label>
      <Input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs md:text-xs" />
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => void copyLink(url, kind)}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => openLink(url)}>
          <ExternalLink aria-hidden />
          Test
        </Button>
      </div>
    </div>
  );
}
