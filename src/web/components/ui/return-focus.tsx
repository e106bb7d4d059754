import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Reads what has focus while the dialog content first renders, before anything inside it takes focus. */
function RememberOpener({ into }: { into: RefObject<HTMLElement | null> }) {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(() => {
    into.current = opener;
  }, [into, opener]);
  return null;
}

/**
 * The app opens its dialogs from state rather than from a Radix Trigger, so on close Radix has no trigger to give
 * focus back to and it fell to the page body (WCAG 2.4.3). This remembers what had focus when the dialog opened
 * (the button that opened it) and returns there; render `rememberOpener` inside the dialog content.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void): { rememberOpener: ReactNode; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    rememberOpener: <RememberOpener into={opener} />,
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
    },
  };
}
