import { Pencil, Plus, Wand2 } from 'lucide-react';
import type { Service } from '@contracts/scheduling';
import { ImportButton } from '@/components/import-button';
import { PanelStatus } from '@/components/panel-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { durationLabel, priceLabel } from '@/features/scheduling/scheduling-logic';

interface ServicesTabProps {
  services: Service[] | undefined;
  isPending: boolean;
  error: unknown;
  canManage: boolean;
  isMigrating: boolean;
  onAdd: () => void;
  onEdit: (service: Service) => void;
  onMigrate: () => void;
}

export function ServicesTab({ services, isPending, error, canManage, isMigrating, onAdd, onEdit, onMigrate }: ServicesTabProps) {
  const list = services ?? [];
  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold">Services</h2>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {!isPending && !error && list.length === 0 && (
              <Button variant="outline" onClick={onMigrate} disabled={isMigrating}>
                <Wand2 aria-hidden />
                {isMigrating ? 'Populating...' : 'Populate from Work Orders'}
              </Button>
            )}
            <ImportButton kind="services" />
            <Button onClick={onAdd}>
              <Plus aria-hidden />
              Add Service
            </Button>
          </div>
        )}
      </div>
      <Card>
        <PanelStatus isPending={isPending} error={error} isEmpty={list.length === 0} emptyText="No services yet" failedTitle="Failed to load services" testId="services">
          <div className="grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="services-list">
            {list.map((s) => (
              <Card key={s.id} className="flex flex-col p-4" data-testid="service-card">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold break-words">{s.name}</h3>
                  <Badge variant={s.isActive ? 'default' : 'secondary'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
                </div>
                {s.description && <p className="mt-1 text-sm break-words text-muted-foreground">{s.description}</p>}
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-muted-foreground">Duration</dt>
                    <dd className="font-medium">{durationLabel(s.duration)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Price</dt>
                    <dd className="font-medium">{priceLabel(s.price)}</dd>
                  </div>
                </dl>
                {canManage && (
                  <Button variant="outline" size="sm" className="mt-4 self-start" onClick={() => onEdit(s)}>
                    <Pencil aria-hidden />
                    Edit Service
                  </Button>
                )}
              </Card>
            ))}
          </div>
        </PanelStatus>
      </Card>
    </div>
  );
}
