import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

async function copy(url: string) {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Webhook URL copied', description: 'Add it as an endpoint in the Stripe dashboard.' });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy to clipboard' });
  }
}

/**
 * A Stripe processor's own events URL (docs/payments.md, Webhooks): entered in Stripe's dashboard, whose signing
 * secret then goes in this processor's Webhook Secret. Events sent here are checked against that secret alone.
 */
export function StripeWebhookUrl({ url, processorName }: { url: string; processorName: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2" data-testid="stripe-webhook-url">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-muted-foreground">Stripe webhook URL</p>
        <p className="font-mono text-xs break-all" title={url}>
          {url}
        </p>
      </div>
      <Button type="button" variant="ghost" size="icon" onClick={() => void copy(url)} aria-label={`Copy the Stripe webhook URL of ${processorName}`} title="Copy">
        <Copy aria-hidden />
      </Button>
    </div>
  );
}
