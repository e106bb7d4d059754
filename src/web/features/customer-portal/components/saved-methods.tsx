import { CreditCard, Plus } from 'lucide-react';
import type { SavedPaymentMethod } from '@contracts/customer-portal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { brandLabel, expiryLabel } from '../portal-display';

/** `onAdd` absent: this viewer may not save a card (staff previewing without process_payments), so no add buttons. */
export function SavedMethods({ methods, onAdd }: { methods: SavedPaymentMethod[]; onAdd?: () => void }) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-muted-foreground" aria-hidden />
          Saved Payment Methods
        </CardTitle>
        {methods.length > 0 && onAdd && (
          <Button variant="outline" size="sm" onClick={onAdd}>
            <Plus aria-hidden />
            Add Payment Method
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {methods.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-muted-foreground">No saved payment methods.</p>
            {onAdd && (
              <Button onClick={onAdd}>
                <Plus aria-hidden />
                Add Payment Method
              </Button>
            )}
          </div>
        ) : (
          <ul className="space-y-2" aria-label="Saved payment methods">
            {methods.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3" data-testid="saved-method">
                <div className="flex min-w-0 items-center gap-3">
                  <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0">
                    <p className="font-medium">
                      {brandLabel(m.brand)} •••• {m.last4 ?? '----'}
                    </p>
                    <p className="text-sm text-muted-foreground">Expires {expiryLabel(m.expiryMonth, m.expiryYear)}</p>
                  </div>
                </div>
                {m.isDefault && <Badge>Default</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
