import type { ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import type { OrganizationListItem } from '@contracts/organizations';
import { formatPhone } from '@contracts/format';
import { labelsFor } from '@contracts/vocabulary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { LogoUpload } from '@/features/organization/components/logo-upload';
import { PublicUrls } from '@/features/organization/components/public-urls';
import { LABEL_KEYS, LABEL_NAMES } from '@/features/organization/lib/organization-form-values';

/** One organization: logo, details, public URLs and labels, with Edit. */
export function OrganizationDetails({ organization: o, onEdit }: { organization: OrganizationListItem; onEdit: () => void }) {
  const labels = labelsFor(o.industry, o.labelOverrides);
  const cityLine = [[o.city, o.state].filter(Boolean).join(', '), o.zip].filter(Boolean).join(' ');
  return (
    <Card className="grid gap-6 p-4 sm:p-6" data-testid="organization-details" aria-label={o.name}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 className="text-xl font-semibold break-words" data-testid="organization-details-name">
            {o.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {o.industry ? <Badge variant="secondary">{o.industry}</Badge> : <span>No industry set</span>}
            {o.slug && <span className="font-mono text-xs">/{o.slug}</span>}
          </div>
        </div>
        <Button variant="outline" onClick={onEdit} className="self-start" aria-label={`Edit ${o.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
      </div>

      <LogoUpload organization={o} />

      <div className="grid gap-6 md:grid-cols-2">
        <Block title="Contact">
          <Facts
            rows={[
              ['Address', [o.address, cityLine].filter(Boolean).join(', ')],
              ['Phone', o.phone ? formatPhone(o.phone) : null],
              ['Email', o.email],
              ['Website', o.website],
            ]}
          />
        </Block>
        <Block title="Payments">
          <Facts
            rows={[
              ['Payment link', o.paymentLink],
              ['Bank account', o.bankAccount],
              ['Routing number', o.bankRouting],
              ['Tax ID', o.taxId],
            ]}
          />
        </Block>
        <Block title="Public URLs" className="md:col-span-2">
          {o.slug ? <PublicUrls slug={o.slug} /> : <p className="text-sm text-muted-foreground">Set a slug to publish the public pages.</p>}
        </Block>
        <Block title="Labels">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="organization-labels">
            {LABEL_KEYS.map((k) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{LABEL_NAMES[k]}</dt>
                <dd className="min-w-0 break-words">
                  {labels[k]}
                  {o.labelOverrides?.[k]?.trim() && <span className="ml-1 text-xs text-muted-foreground">(custom)</span>}
                </dd>
              </div>
            ))}
          </dl>
        </Block>
        {o.notes && (
          <Block title="Notes">
            <p className="text-sm break-words whitespace-pre-wrap">{o.notes}</p>
          </Block>
        )}
      </div>
    </Card>
  );
}

function Block({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={cn('min-w-0 space-y-2', className)}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, string | null | undefined][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value || <span className="text-muted-foreground">Not set</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
