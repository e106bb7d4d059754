import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';

const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/** For toasts with a deadline (one shown just before the page changes): load the toaster ahead. */
export function preloadToaster(): void {
  void loadToaster();
}

/**
 * Mounts the Radix toaster when the first toast is raised: most page loads never show one, and
 * its code would otherwise weigh on the first page. `toast()` itself is a plain store and works
 * before the toaster has loaded; the queued toast appears as soon as it has.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [isNeeded, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
