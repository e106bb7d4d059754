// Developers (docs/rules/public-api.md#developers-screen): the organization's API keys (features/api-keys) and webhooks
// (features/webhooks). Features do not import each other (docs/ARCHITECTURE.md, Web): the app composes the screen.
import { PageHeader } from '@/components/page-header';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { WebhooksPanel } from '@/features/webhooks/webhooks-panel';

export function DevelopersRoute() {
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Developers" description="Connect other software to your organization: API keys for calls in, webhooks for events out." />
      <div className="grid gap-10">
        <ApiKeysPanel />
        <WebhooksPanel />
      </div>
    </div>
  );
}
