import { Copy, ExternalLink } from 'lucide-react';
import { publicOrganizationPaths } from '@contracts/organizations';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

const LINKS = [
  { key: 'home', label: 'Home', copied: 'Home URL copied' },
  { key: 'services', label: 'Services', copied: 'Services URL copied' },
  { key: 'booking', label: 'Booking', copied: 'Booking URL copied' },
] as const;

async function copy(url: string, copied: string) {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: copied });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy to clipboard' });
  }
}

/** The organization's public pages (Home, Services, Booking), each with copy and open in a new tab. */
export function PublicUrls({ slug }: { slug: string }) {
  const paths = publicOrganizationPaths(slug);
  return (
    <ul className="divide-y rounded-md border" aria-label="Public URLs" data-testid="public-urls">
      {LINKS.map(({ key, label, copied }) => {
        const url = `${window.location.origin}${paths[key]}`;
        return (
          <li key={key} className="flex items-center gap-2 px-3 py-2" data-testid={`public-url-${key}`}>
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium text-muted-foreground">{label}</p>
              <p className="font-mono text-xs break-all sm:truncate sm:text-sm" title={url}>
                {url}
              </p>
            </div>
            <Button type="button" variant="ghost" size="icon" onClick={() => void copy(url, copied)} aria-label={`Copy ${label} URL`} title="Copy">
              <Copy aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" asChild>
              <a href={paths[key]} target="_blank" rel="noopener noreferrer" aria-label={`Open ${label} page in a new tab`} title="Open">
                <ExternalLink aria-hidden />
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
