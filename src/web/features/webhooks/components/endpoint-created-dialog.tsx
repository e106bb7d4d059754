// The new endpoint's signing secret (docs/rules/public-api.md#webhooks-panel), shown as it is made; an admin can reveal
// it again from the endpoint's details.
import type { CreatedWebhookEndpoint } from '@contracts/webhooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SecretValue } from '@/features/webhooks/components/endpoint-secret';

export function EndpointCreatedDialog({ created, onClose }: { created: CreatedWebhookEndpoint; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="webhook-endpoint-created">
        <DialogHeader>
          <DialogTitle>Endpoint added</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{created.url}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="webhook-created-secret">Signing secret</Label>
          <SecretValue id="webhook-created-secret" secret={created.secret} />
          <p className="text-sm break-words text-muted-foreground">
            Your receiver checks each delivery&apos;s <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">Tradebook-Signature</code> header with this secret.
            Keep it secret; you can reveal it again from the endpoint&apos;s details.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
