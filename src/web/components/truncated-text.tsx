import { useEffect, type ElementType } from 'react';
import { cn } from '@/lib/utils';

/**
 * One line of text cut with an ellipsis when it does not fit, the full text in its `title`
 * (docs/decisions/018-long-text-toasts-and-the-more-sheet.md).
 */
export function TruncatedText({ text, as: Tag = 'span', className }: { text: string; as?: ElementType; className?: string }) {
  return (
    <Tag className={cn('block min-w-0 truncate', className)} title={text}>
      {text}
    </Tag>
  );
}

/** The element under the pointer, or its nearest ancestor, that cuts its text with an ellipsis right now. */
function truncatedAt(target: EventTarget | null): HTMLElement | null {
  let el = target instanceof HTMLElement ? target : null;
  for (let depth = 0; el && depth < 4; depth++, el = el.parentElement) {
    if (el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis') return el;
  }
  return null;
}

/**
 * Every `truncate` in the app (list cards, pickers, badges), not only TruncatedText, shows its full text on hover:
 * when the pointer reaches a cut text without a title of its own, the text becomes its title. Measured at hover,
 * so a text that fits gets no tooltip; screen readers read the whole text either way.
 */
export function TruncationTitles() {
  useEffect(() => {
    const onOver = (event: PointerEvent) => {
      const el = truncatedAt(event.target);
      // A title this listener set is refreshed (the row may show another record now); one a screen set is kept.
      if (el && (!el.title || el.dataset.fullTextTitle !== undefined)) {
        el.title = el.textContent?.trim() ?? '';
        el.dataset.fullTextTitle = '';
      }
    };
    document.addEventListener('pointerover', onOver, { passive: true });
    return () => document.removeEventListener('pointerover', onOver);
  }, []);
  return null;
}
