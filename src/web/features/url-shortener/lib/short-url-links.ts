import { toast } from '@/components/ui/use-toast';

/** Links resolve on the product's own origin (docs/rules/short-urls.md#short-urls). */
export const fullShortUrl = (code: string) => `${window.location.origin}/s/${code}`;

export async function copyShortUrl(code: string): Promise<void> {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(fullShortUrl(code));
    toast({ title: 'Copied!', description: 'Short URL copied to clipboard' });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy to clipboard' });
  }
}

export const openShortUrl = (code: string) => window.open(fullShortUrl(code), '_blank', 'noopener,noreferrer');
