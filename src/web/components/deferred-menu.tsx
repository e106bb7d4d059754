import { cloneElement, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

export interface DeferredMenuProps {
  trigger: ReactElement;
  defaultOpen: boolean;
}

interface DeferredMenuHostProps {
  trigger: ReactElement<{ onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void }>;
  menu: LazyExoticComponent<ComponentType<DeferredMenuProps>>;
  preload: () => void;
}

/**
 * Shows a menu's trigger at once and loads the menu (Radix, with its positioning engine) on first
 * use, which keeps about 20 KB gzipped out of the first signed-in page. Pointing at or focusing the
 * trigger starts the download, so the click rarely waits.
 */
export function DeferredMenu({ trigger, menu: Menu, preload }: DeferredMenuHostProps) {
  const [isRequested, setRequested] = useState(false);
  const placeholder = cloneElement(trigger, {
    onClick: () => setRequested(true),
    onPointerEnter: preload,
    onFocus: preload,
  });
  if (!isRequested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Menu trigger={trigger} defaultOpen />
    </Suspense>
  );
}
