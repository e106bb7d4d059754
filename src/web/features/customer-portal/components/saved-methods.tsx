import { CreditCard, Plus } from 'lucide-react';
import type { SavedPaymentMethod } from '@contracts/customer-portal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { brandLabel, expiryLabel } from '../portal-display';

interface AutoPaySwitch {
  enabled: boolean;
  busy: boolean;
  onChange: (enabled: boolean) => void;
}

/**
 * `onAdd` absent: this viewer may not save a card (staff previewing without process_payments), so no add buttons;
 * `autoPay` absent likewise for the auto-pay switch (docs/rules/money-and-payments.md#auto-pay).
 */
export function SavedMethods({ methods, onAdd, autoPay }: { methods: SavedPaymentMethod[]; onAdd?: () => void; autoPay?: AutoPaySwitch }) {
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
        {autoPay && (
          <label className="mt-4 grid grid-cols-[auto_1fr] items-start gap-x-2.5 gap-y-1 rounded-lg border p-3" data-testid="auto-pay-switch">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={autoPay.enabled}
              disabled={autoPay.busy || (methods.length === 0 && !autoPay.enabled)}
              onChange={(e) => autoPay.onChange(e.target.checked)}
            />
            <span className="font-medium">Pay invoices automatically</span>
            <span className="col-start-2 text-sm text-muted-foreground">
              {methods.length === 0
                ? 'Save a card first: each new invoice is then charged to it, and you get a receipt.'
                : 'Each new invoice is charged to your default card when it is issued, and you get a receipt. If the card is declined you can still pay online.'}
            </span>
          </label>
        )}
      </CardContent>
    </Card>
  );
}
