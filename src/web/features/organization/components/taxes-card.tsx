import { useState } from 'react';
import { Pencil, Percent, Plus } from 'lucide-react';
import { formatPercent } from '@contracts/money';
import type { TaxRate } from '@contracts/tax-rates';
import { useTaxSettings } from '@/lib/tax-settings';
import { cn } from '@/lib/utils';
import { PanelStatus } from '@/components/panel-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { TaxRateDialog } from '@/features/organization/components/tax-rate-dialog';
import { TaxSettingsForm } from '@/features/organization/components/tax-settings-form';

/**
 * The organization's tax rates and pricing settings (docs/rules/money-and-payments.md#taxes-and-discounts), for
 * those who manage the organization. `organizationId`: the super user's chosen organization; null for one's own.
 */
export function TaxesCard({ organizationId }: { organizationId: number | null }) {
  const settings = useTaxSettings(organizationId);
  const [editing, setEditing] = useState<TaxRate | 'new' | null>(null);
  const rates = settings.data?.rates ?? [];

  return (
    <Card className="grid gap-6 p-4 sm:p-6" data-testid="taxes-card" aria-labelledby="taxes-card-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex items-center gap-2">
            <Percent className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <h2 id="taxes-card-title" className="font-semibold">
              Taxes
            </h2>
          </div>
          <p className="text-sm text-muted-foreground">The rates your invoices and estimates can add, and how prices and tax are worked out.</p>
        </div>
        <Button variant="outline" onClick={() => setEditing('new')} className="self-start" disabled={!settings.data}>
          <Plus aria-hidden />
          Add tax rate
        </Button>
      </div>

      <PanelStatus
        isPending={settings.isPending}
        error={settings.error}
        isEmpty={false}
        emptyText=""
        failedTitle="Failed to load tax settings"
        testId="taxes"
      >
        {settings.data && (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
            <section className="min-w-0 space-y-2" aria-labelledby="tax-rates-title">
              <h3 id="tax-rates-title" className="text-sm font-semibold">
                Rates
              </h3>
              {rates.length === 0 ? (
                <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="tax-rates-empty">
                  No tax rates yet. Add the rates your documents charge, such as a state and a city tax.
                </p>
              ) : (
                <TaxRatesTable rates={rates} onEdit={setEditing} />
              )}
            </section>
            <section className="min-w-0 space-y-3 border-t pt-6 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8" aria-labelledby="tax-pricing-title">
              <h3 id="tax-pricing-title" className="text-sm font-semibold">
                Pricing
              </h3>
              <TaxSettingsForm key={`${settings.data.pricesIncludeTax}-${settings.data.taxRounding}`} settings={settings.data} organizationId={organizationId} />
            </section>
          </div>
        )}
      </PanelStatus>

      {editing !== null && (
        <TaxRateDialog key={editing === 'new' ? 'new' : editing.id} rate={editing === 'new' ? null : editing} organizationId={organizationId} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function TaxRatesTable({ rates, onEdit }: { rates: TaxRate[]; onEdit: (rate: TaxRate) => void }) {
  return (
    <div className="rounded-md border">
      <Table aria-label="Tax rates">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead className="text-right">Rate</TableHead>
            <TableHead className="w-0">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rates.map((rate) => (
            <TableRow key={rate.id} data-testid="tax-rate-row" data-archived={rate.archived || undefined} className={cn(rate.archived && 'text-muted-foreground')}>
              <TableCell className="font-medium">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="min-w-0 break-words">{rate.name}</span>
                  {rate.isDefault && <Badge variant="secondary">Default</Badge>}
                  {rate.archived && (
                    <Badge variant="outline" className="text-muted-foreground">
                      Archived
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums" data-testid="tax-rate-percent">
                {formatPercent(rate.percent)} %
              </TableCell>
              <TableCell className="py-1 pr-2 pl-0 text-right">
                <Button variant="ghost" size="sm" onClick={() => onEdit(rate)} aria-label={`Edit ${rate.name}`} title="Edit">
                  <Pencil aria-hidden />
                  <span className="hidden sm:inline">Edit</span>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
