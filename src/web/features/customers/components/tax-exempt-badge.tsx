import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Shown wherever the customer is, so staff know before writing a document that it will carry no tax. */
export function TaxExemptBadge({ exempt, className }: { exempt: boolean; className?: string }) {
  if (!exempt) return null;
  return (
    <Badge variant="outline" className={cn('font-normal text-muted-foreground', className)} data-testid="tax-exempt-badge">
      Tax exempt
    </Badge>
  );
}
