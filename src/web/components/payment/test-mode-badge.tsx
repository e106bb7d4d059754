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
