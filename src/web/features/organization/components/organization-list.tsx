import { useState } from 'react';
import { Search } from 'lucide-react';
import type { OrganizationListItem } from '@contracts/organizations';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { OrganizationLogo } from '@/components/public/organization-logo';
import { cn } from '@/lib/utils';

/** A filter box appears once the list is longer than a glance. */
const FILTER_FROM = 8;

/** Every organization (a super user's view): name and industry; choosing one shows it beside or below. */
export function OrganizationList({ organizations, selectedId, onSelect }: { organizations: OrganizationListItem[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? organizations.filter((o) => `${o.name} ${o.industry ?? ''} ${o.slug ?? ''}`.toLowerCase().includes(needle)) : organizations;
  return (
    <Card className="gap-0 overflow-hidden p-0" data-testid="organization-list">
      <div className="border-b px-4 py-3">
        <h2 className="text-sm font-semibold">Organizations ({organizations.length})</h2>
        {organizations.length > FILTER_FROM && (
          <div className="relative mt-2">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filter organizations..." aria-label="Filter organizations" className="pl-8" />
          </div>
        )}
      </div>
      <ul className="max-h-72 divide-y overflow-y-auto lg:max-h-[calc(100vh-16rem)]" aria-label="Organizations">
        {shown.map((o) => (
          <li key={o.id}>
            <button
              type="button"
              onClick={() => onSelect(o.id)}
              aria-current={o.id === selectedId ? 'true' : undefined}
              className={cn('flex w-full items-center gap-3 px-4 py-2.5 text-left transition-colors hover:bg-muted/60', o.id === selectedId && 'bg-muted')}
              data-testid="organization-list-item"
            >
              <OrganizationLogo name={o.name} logo={o.logo} className="size-8 shrink-0 text-xs" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">{o.name}</span>
                <span className="block truncate text-xs text-muted-foreground">{o.industry ?? 'No industry'}</span>
              </span>
            </button>
          </li>
        ))}
        {shown.length === 0 && <li className="px-4 py-6 text-center text-sm text-muted-foreground">No organizations match.</li>}
      </ul>
    </Card>
  );
}
