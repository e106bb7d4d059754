import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { InventoryItem } from '@contracts/inventory';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { useListState } from '@/lib/use-list-state';
import { ImportButton } from '@/components/import-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ListBlock } from '@/components/list-block';
import { INVENTORY_PAGE_SIZE, useInventoryPage, useInventorySummary } from '@/features/inventory/api/inventory-api';
import { InventorySummaryCards } from '@/features/inventory/components/inventory-summary-cards';
import { InventoryCards, InventoryTable } from '@/features/inventory/components/inventory-table';
import { ItemDialog } from '@/features/inventory/components/item-dialog';
import { QuantityDialog } from '@/features/inventory/components/quantity-dialog';

/** Inventory (/inventory): stock on hand with its counts; managers see it, only manage_inventory changes it. */
export function InventoryScreen() {
  const labels = useLabels();
  const { user } = useCurrentUser();
  const permissions = user?.effectivePermissions ?? [];
  const canManage = permissions.includes('manage_inventory');
  const canView = canManage || permissions.includes('view_inventory');
  const list = useListState();
  // null: Add Item; an item: Edit.
  const [editing, setEditing] = useState<InventoryItem | null | undefined>(undefined);
  const [adjusting, setAdjusting] = useState<InventoryItem | null>(null);

  const items = useInventoryPage(list.q, list.page * INVENTORY_PAGE_SIZE, canView);
  const summary = useInventorySummary(canView);
  const noun = labels.inventory.toLowerCase();

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.inventory}
        description="Stock on hand, what is running low and what has run out."
        actions={
          canManage && (
            <>
              <ImportButton kind="inventory_items" />
              <Button onClick={() => setEditing(null)}>
                <Plus aria-hidden />
                Add Item
              </Button>
            </>
          )
        }
      />
      {!canView ? (
        <p className="rounded-xl border bg-card p-8 text-center text-sm text-muted-foreground" data-testid="inventory-forbidden">
          Your role does not give access to {noun}.
        </p>
      ) : (
        <>
          <InventorySummaryCards summary={summary.data} isPending={summary.isPending} />
          <ListBlock
            name="inventory"
            query={items}
            exportFrom={{ path: '/api/inventory', params: { q: list.q } }}
            list={list}
            pageSize={INVENTORY_PAGE_SIZE}
            searchPlaceholder="Search by name, SKU or description..."
            searchLabel={`Search ${noun}`}
            emptyText={`No ${noun} items yet.`}
            failedTitle={`Failed to load ${noun}`}
          >
            {(rows) => (
              <>
                <InventoryTable items={rows} canManage={canManage} onEdit={setEditing} onAdjust={setAdjusting} />
                <InventoryCards items={rows} canManage={canManage} onEdit={setEditing} onAdjust={setAdjusting} />
              </>
            )}
          </ListBlock>
        </>
      )}
      {editing !== undefined && <ItemDialog key={editing?.id ?? 'new'} item={editing} onClose={() => setEditing(undefined)} />}
      {adjusting && <QuantityDialog key={adjusting.id} item={adjusting} onClose={() => setAdjusting(null)} />}
    </div>
  );
}
