import { NavLink, useLocation } from 'react-router';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useReturnFocus } from '@/components/ui/return-focus';
import { isActivePath, type NavItem } from '@/app/layout/nav-items';

/**
 * The phone bar's More: a bottom sheet (a Radix dialog: focus moves in and returns to More, Escape and the × close
 * it) listing the menu entries the bar has no room for (docs/decisions/018-long-text-toasts-and-the-more-sheet.md).
 * Loaded when More is first pressed, so the dialog code stays out of every page's first load.
 */
export function MoreSheet({ items, isOpen, onOpenChange }: { items: NavItem[]; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { pathname } = useLocation();
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          data-testid="more-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          // Below the toasts' band (index.css, --toast-band), so a toast never covers an entry or the ×.
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-max(var(--toast-band,0px),3rem))] flex-col rounded-t-xl border-t bg-card pb-[env(safe-area-inset-bottom)] shadow-lg"
        >
          {returnFocus.rememberOpener}
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">More</DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <X className="size-5" aria-hidden />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="More" className="min-h-0 overflow-y-auto overscroll-contain p-2">
            <ul className="grid grid-cols-2 gap-1">
              {items.map(({ path, label, icon: Icon }) => {
                const active = isActivePath(path, pathname);
                return (
                  <li key={path} className="min-w-0">
                    <NavLink
                      to={path}
                      onClick={() => onOpenChange(false)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                        active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                      )}
                    >
                      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="min-w-0">{label}</span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
