// Photos and files as a grid of square tiles, phone first: a photo's thumbnail, a file's icon and name, the caption
// under it, and for staff whether the customer sees it (docs/rules/team.md#photos-and-files). A tap opens it.
import { FileText, Users } from 'lucide-react';
import { StoredImage } from '@/components/stored-image';
import { cn } from '@/lib/utils';

export interface AttachmentTile {
  id: number;
  kind: 'photo' | 'file';
  fileName: string;
  caption: string | null;
  /** Shown as a mark on the tile when given (staff screens); the portal shows only shared ones and leaves it out. */
  shared?: boolean;
  /** The thumbnail's address for a photo; null for a file. */
  thumbnailPath: string | null;
}

interface AttachmentGridProps<T extends AttachmentTile> {
  items: readonly T[];
  onOpen: (item: T) => void;
  headers?: Record<string, string>;
  className?: string;
  testId?: string;
}

/** What a tile is called for a screen reader and on hover: its caption, else its name. */
export function attachmentLabel(item: Pick<AttachmentTile, 'kind' | 'caption' | 'fileName'>): string {
  return `${item.kind === 'photo' ? 'Photo' : 'File'}: ${item.caption ?? item.fileName}`;
}

export function AttachmentGrid<T extends AttachmentTile>({ items, onOpen, headers, className, testId }: AttachmentGridProps<T>) {
  return (
    <ul className={cn('grid grid-cols-3 gap-2 sm:grid-cols-4', className)} data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="min-w-0" data-testid="attachment-tile" data-kind={item.kind} data-shared={item.shared === undefined ? undefined : String(item.shared)}>
          <button
            type="button"
            onClick={() => onOpen(item)}
            title={item.caption ?? item.fileName}
            aria-label={`Open ${attachmentLabel(item)}`}
            className="relative block aspect-square w-full overflow-hidden rounded-md border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {item.kind === 'photo' && item.thumbnailPath ? (
              <StoredImage path={item.thumbnailPath} headers={headers} alt={attachmentLabel(item)} className="size-full object-cover" />
            ) : (
              <span className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center">
                <FileText className="size-8 text-muted-foreground" aria-hidden />
                <span className="line-clamp-2 text-xs break-all">{item.fileName}</span>
              </span>
            )}
            {item.shared && (
              <span className="absolute top-1 left-1 inline-flex items-center gap-1 rounded bg-primary/90 px-1.5 py-0.5 text-[11px] font-medium text-primary-foreground">
                <Users className="size-3" aria-hidden />
                Shared
              </span>
            )}
          </button>
          {item.caption && <p className="mt-1 truncate text-xs text-muted-foreground">{item.caption}</p>}
        </li>
      ))}
    </ul>
  );
}
