// The keys as a table on wide screens and cards on phones (docs/decisions/014-list-block.md).
import { Ban } from 'lucide-react';
import { API_KEY_STATUS_LABELS, type ApiKey } from '@contracts/api-keys';
import { formatDate, formatDateTime } from '@contracts/format';
import { cn } from '@/lib/utils';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { permissionList, permissionSummary } from '@/features/api-keys/lib/permission-summary';

function StatusBadge({ status }: { status: ApiKey['status'] }) {
  return (
    <Badge variant={status === 'active' ? 'default' : status === 'revoked' ? 'secondary' : 'outline'} data-status={status}>
      {API_KEY_STATUS_LABELS[status]}
    </Badge>
  );
}

const FORMER_USER = 'A former user';
const createdText = (k: ApiKey) => `${k.createdBy?.name ?? FORMER_USER}, ${formatDate(k.createdAt)}`;
const lastUsedText = (k: ApiKey) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never');

function Prefix({ apiKey }: { apiKey: ApiKey }) {
  return <span className="font-mono text-xs text-muted-foreground">{apiKey.prefix}…</span>;
}

function Permissions({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span title={permissionList(apiKey.permissions)} data-testid="api-key-permissions-summary">
      {permissionSummary(apiKey.permissions)}
    </span>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  if (apiKey.status === 'revoked') return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
      <Ban aria-hidden />
      Revoke
    </Button>
  );
}

interface ApiKeysTableProps {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

export function ApiKeysTable({ keys, onRevoke }: ApiKeysTableProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="API keys">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <OrganizationHead />
              <TableHead>Name</TableHead>
              <TableHead>Permissions</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.map((k) => (
              <TableRow key={k.id} data-testid="api-key-row" data-status={k.status} className={cn(k.status === 'revoked' && 'text-muted-foreground')}>
                <OrganizationCell organizationId={k.organizationId} />
                <TableCell className="max-w-72">
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium" title={k.name}>
                      {k.name}
                    </span>
                    <StatusBadge status={k.status} />
                  </div>
                  <Prefix apiKey={k} />
                </TableCell>
                <TableCell className="max-w-56 truncate">
                  <Permissions apiKey={k} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <div>{k.createdBy?.name ?? FORMER_USER}</div>
                  <div className="text-xs text-muted-foreground">{formatDate(k.createdAt)}</div>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <div>{lastUsedText(k)}</div>
                  {k.lastUsedIp && <div className="text-xs text-muted-foreground">from {k.lastUsedIp}</div>}
                </TableCell>
                <TableCell className="py-1 pr-2 pl-0 text-right">
                  <RevokeButton apiKey={k} onRevoke={onRevoke} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="API keys">
        {keys.map((k) => (
          <li key={k.id} className="flex items-start gap-3 px-4 py-3" data-testid="api-key-card" data-status={k.status}>
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium break-words">{k.name}</span>
                <StatusBadge status={k.status} />
              </div>
              <Prefix apiKey={k} />
              <p>
                <Permissions apiKey={k} />
              </p>
              <p className="text-xs text-muted-foreground">
                Created by {createdText(k)} · Last used {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'never'}
              </p>
              <OrganizationLine organizationId={k.organizationId} />
            </div>
            <RevokeButton apiKey={k} onRevoke={onRevoke} />
          </li>
        ))}
      </ul>
    </>
  );
}
