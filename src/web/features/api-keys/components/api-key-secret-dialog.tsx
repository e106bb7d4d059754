// The new key, shown once (docs/rules/public-api.md#developers-screen): the server keeps only its hash, so this
// dialog is the only place it can be copied from.
import type { CreatedApiKey } from '@contracts/api-keys';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SecretValue } from '@/components/secret-value';

const NOT_SHOWN_AGAIN = 'Copy this key now: it will not be shown again.';

export function ApiKeySecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="api-key-secret-dialog">
        <DialogHeader>
          <DialogTitle>API key created</DialogTitle>
          <DialogDescription className="break-words">{created.apiKey.name}</DialogDescription>
        </DialogHeader>
        <Alert>
          <AlertDescription className="font-medium text-foreground">{NOT_SHOWN_AGAIN}</AlertDescription>
        </Alert>
        <div className="grid gap-2">
          <Label htmlFor="api-key-secret">Your API key</Label>
          <SecretValue
            id="api-key-secret"
            value={created.secret}
            words={{ done: 'API key copied to clipboard', failed: 'Could not copy the key', hint: 'Select the key and copy it yourself.' }}
            testId="api-key-secret"
          />
          <p className="text-sm break-words text-muted-foreground">
            Send it with each call as <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">Authorization: Bearer {created.apiKey.prefix}…</code>. Keep it
            secret: anyone with it can act with its permissions until it is revoked.
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
