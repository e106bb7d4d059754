import { useEffect, useRef } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { useToast } from '@/components/ui/use-toast';

/**
 * Publishes the height the open toasts take at the top of the screen as `--toast-band`; while a dialog is open,
 * index.css keeps the dialog below that band, so a toast never covers its buttons
 * (docs/decisions/018-long-text-toasts-and-the-more-sheet.md).
 */
function useToastBand() {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = viewport.current;
    if (!list) return;
    const root = document.documentElement;
    const publish = () => {
      // The empty list keeps its padding; the band is only there while a toast is.
      const band = list.childElementCount > 0 ? list.offsetHeight : 0;
      root.style.setProperty('--toast-band', `${band}px`);
    };
    const observer = new ResizeObserver(publish);
    observer.observe(list);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-band');
    };
  }, []);
  return viewport;
}

export function Toaster() {
  const { toasts } = useToast();
  const viewport = useToastBand();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewport} />
    </ToastProvider>
  );
}
