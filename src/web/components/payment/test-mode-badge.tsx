import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Shown on every payment form that goes to the built-in test gateway or a Stripe test account: no real money moves. */
export function TestModeBadge() {
  return (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
      <FlaskConical aria-hidden />
      Test mode
    </Badge>
  );
}

/**
 * The badge with a line saying why, on every step of a payment form (details, card, bank confirmation): the step
 * before the card knows the processor from GET /api/payment-mode or the pay page, the card step from its intent.
 */
export function TestModeNote({ processor, children }: { processor: 'test' | 'stripe' | 'manual' | 'square'; children?: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="test-mode-note">
      <TestModeBadge />
      <span>{children ?? (processor === 'test' ? 'Built-in test gateway: no real money moves.' : 'Stripe test mode: no real money moves.')}</span>
    </div>
  );
}
