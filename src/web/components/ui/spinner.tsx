import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}

/** The whole-page wait (docs/rules/platform.md#loading): a spinner with the text 'Loading...'. */
export function PageSpinner() {
  return <Spinner className="min-h-screen" label="Loading..." />;
}
