// The Developers screen's API keys (docs/rules/public-api.md#developers-screen): the organization's keys, creating one
// (shown once) and revoking one.
import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import type { ApiKey, CreatedApiKey } from '@contracts/api-keys';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useListState } from '@/lib/use-list-state';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListBlock } from '@/components/list-block';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { API_KEYS_PAGE_SIZE, useApiKeys, useRevokeApiKey } from '@/features/api-keys/api/api-keys-api';
import { ApiKeySecretDialog } from '@/features/api-keys/components/api-key-secret-dialog';
import { ApiKeysTable } from '@/features/api-keys/components/api-keys-table';
import { CreateApiKeyDialog } from '@/features/api-keys/components/create-api-key-dialog';

type Open = { kind: 'create' } | { kind: 'created'; created: CreatedApiKey } | { kind: 'revoke'; key: ApiKey } | null;

export function ApiKeysPanel() {
  const { user } = useCurrentUser();
  const list = useListState();
  const keys = useApiKeys({ q: list.q, offset: list.page * API_KEYS_PAGE_SIZE });
  const revoke = useRevokeApiKey();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // A key acts as its creator: made by a member of the organization, as themself (docs/rules/public-api.md#creating-a-key).
  const canCreate = !!user && user.organizationId !== null && user.role !== 'super_user' && !user.impersonating;

  const confirmRevoke = (key: ApiKey) =>
    revoke.mutateAsync(key.id).then(
      () => toast({ title: `${key.name} revoked` }),
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to revoke API key', description: errorMessage(error) });
        throw error;
      },
    );

  return (
    <section className="grid gap-4" aria-labelledby="api-keys-title" data-testid="api-keys-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 id="api-keys-title" className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            API keys
          </h2>
          <p className="text-sm text-muted-foreground">
            Let other software work with your organization&apos;s data. A key acts with the permissions you give it, as the admin who created it; send it as{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">Authorization: Bearer</code>.
          </p>
        </div>
        {canCreate && (
          <Button onClick={() => setOpen({ kind: 'create' })} className="self-start">
            <Plus aria-hidden />
            Create API key
          </Button>
        )}
      </div>
      <ListBlock
        name="api-keys"
        query={keys}
        list={list}
        pageSize={API_KEYS_PAGE_SIZE}
        searchPlaceholder="Search API keys..."
        searchLabel="Search API keys"
        emptyText="No API keys yet"
        failedTitle="Failed to load API keys"
      >
        {(rows) => <ApiKeysTable keys={rows} onRevoke={(key) => setOpen({ kind: 'revoke', key })} />}
      </ListBlock>

      {open?.kind === 'create' && user && (
        <CreateApiKeyDialog held={user.effectivePermissions} onClose={close} onCreated={(created) => setOpen({ kind: 'created', created })} />
      )}
      {open?.kind === 'created' && <ApiKeySecretDialog created={open.created} onClose={close} />}
      {open?.kind === 'revoke' && (
        <ConfirmDeleteDialog
          title={`Revoke ${open.key.name}?`}
          description="Apps using this key stop working at once. This cannot be undone."
          confirmLabel="Revoke"
          workingLabel="Revoking..."
          onClose={close}
          onConfirm={() => confirmRevoke(open.key)}
        />
      )}
    </section>
  );
}
