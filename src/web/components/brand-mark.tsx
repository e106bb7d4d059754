import { BookMarked } from 'lucide-react';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 text-lg font-bold tracking-tight text-foreground', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <BookMarked className="size-4" aria-hidden />
      </span>
      Tradebook
    </span>
  );
}
