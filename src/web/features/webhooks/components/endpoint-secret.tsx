// An endpoint's signing secret (docs/rules/public-api.md#webhook-signatures): hidden until an admin reveals it (the
// server audits each reveal), copied with one click, and rolled into a new one after a confirmation.
import { useState } from 'react';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import type { WebhookEndpoint } from '@contracts/webhooks';
import { errorMessage } from '@/lib/api-client';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { SecretValue as SharedSecretValue } from '@/components/secret-value';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useRevealWebhookSecret, useRollWebhookSecret } from '@/features/webhooks/api/webhooks-api';

const SECRET_COPY_WORDS = { done: 'Signing secret copied to clipboard', failed: 'Could not copy the secret', hint: 'Select the secret and copy it yourself.' };

/** The signing secret in the shared copyable box (the one a new API key is shown in). */
export function SecretValue({ id, secret }: { id: string; secret: string }) {
  return <SharedSecretValue id={id} value={secret} words={SECRET_COPY_WORDS} testId="webhook-secret" />;
}

export function EndpointSecret({ endpoint }: { endpoint: WebhookEndpoint }) {
  const reveal = useRevealWebhookSecret();
  const roll = useRollWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fieldId = `webhook-secret-${endpoint.id}`;

  const show = () =>
    reveal.mutate(endpoint.id, {
      onSuccess: (r) => setSecret(r.secret),
      onError: (error) => toast({ variant: 'destructive', title: 'Could not reveal the secret', description: errorMessage(error) }),
    });
  const rollNow = () =>
    roll.mutateAsync(endpoint.id).then(
      (r) => {
        setSecret(r.secret);
        toast({ title: 'Signing secret rolled', description: 'Deliveries are signed with the new secret from now on.' });
      },
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to roll the secret', description: errorMessage(error) });
        throw error;
      },
    );

  return (
    <section className="grid gap-2" aria-labelledby={`${fieldId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${fieldId}-title`} className="text-sm font-semibold">
          Signing secret
        </h3>
        <div className="flex flex-wrap gap-2">
          {secret === null ? (
            <Button type="button" variant="outline" size="sm" onClick={show} disabled={reveal.isPending}>
              <Eye aria-hidden />
              Reveal
            </Button>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => setSecret(null)}>
              <EyeOff aria-hidden />
              Hide
            </Button>
          )}
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <RefreshCw aria-hidden />
            Roll secret
          </Button>
        </div>
      </div>
      {secret === null ? (
        <p className="font-mono text-xs text-muted-foreground">
          <span aria-hidden>whsec_••••••••••••••••</span>
          <span className="sr-only">Hidden until revealed</span>
        </p>
      ) : (
        <>
          <Label htmlFor={fieldId} className="sr-only">
            Signing secret
          </Label>
          <SecretValue id={fieldId} secret={secret} />
        </>
      )}
      <p className="text-xs text-muted-foreground">
        Check the <code className="rounded bg-muted px-1 py-0.5 font-mono">Tradebook-Signature</code> header with it, as you would Stripe&apos;s: an HMAC-SHA256 of
        the timestamp, a dot and the body.
      </p>
      {confirming && (
        <ConfirmDeleteDialog
          title="Roll the signing secret?"
          description="A new secret signs every delivery from now on and the current one stops at once: update your receiver with the new secret."
          confirmLabel="Roll secret"
          workingLabel="Rolling..."
          onClose={() => setConfirming(false)}
          onConfirm={rollNow}
        />
      )}
    </section>
  );
}
