import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge
      variant="secondary"
      className={cn('border-transparent', isActive ? 'bg-emerald-50 text-emerald-700' : 'bg-red-50 text-red-700')}
    >
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}
