// A picture kept by the server behind the caller's access (a job's photo: docs/rules/team.md#photos-and-files),
// fetched with the request rules and shown from a blob: address; a grey box while it loads.
import { ImageOff } from 'lucide-react';
import { useFileUrl } from '@/lib/use-file-url';
import { cn } from '@/lib/utils';

interface StoredImageProps {
  path: string;
  alt: string;
  className?: string;
  /** The customer portal's token header (never a query parameter). */
  headers?: Record<string, string>;
}

export function StoredImage({ path, alt, className, headers }: StoredImageProps) {
  const { url, failed } = useFileUrl(path, headers);
  if (failed) {
    return (
      <span role="img" aria-label={`${alt} (could not be loaded)`} className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}>
        <ImageOff className="size-6" aria-hidden />
      </span>
    );
  }
  if (!url) return <span role="img" aria-label={alt} aria-busy="true" className={cn('block animate-pulse bg-muted', className)} />;
  return <img src={url} alt={alt} className={className} draggable={false} />;
}
