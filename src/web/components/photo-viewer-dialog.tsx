// One photo full size, or a file with its download, in a dialog (docs/rules/team.md#photos-and-files); screens add
// their own controls below (the job's caption, sharing and delete).
import { useState, type ReactNode } from 'react';
import { Download, FileText } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { StoredImage } from '@/components/stored-image';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';

interface PhotoViewerDialogProps {
  kind: 'photo' | 'file';
  title: string;
  description?: string;
  fileName: string;
  /** The full-size photo's (or the file's) address. */
  filePath: string;
  headers?: Record<string, string>;
  onClose: () => void;
  /** Buttons beside Download (the job's Delete). */
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

export function PhotoViewerDialog({ kind, title, description, fileName, filePath, headers, onClose, actions, children, testId }: PhotoViewerDialogProps) {
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadFile(filePath, fileName, headers)
      .catch((error: unknown) => toast({ variant: 'destructive', title: 'Failed to download the file', description: errorMessage(error) }))
      .finally(() => setDownloading(false));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95vh] min-w-0 gap-3 p-4 sm:max-w-3xl sm:p-6" data-testid={testId}>
        <DialogHeader className="pr-6">
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? fileName}</DialogDescription>
        </DialogHeader>
        {kind === 'photo' ? (
          <StoredImage path={filePath} headers={headers} alt={title} className="mx-auto block max-h-[55vh] min-h-40 w-full rounded-md bg-muted object-contain" />
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-md bg-muted px-4 py-8 text-center">
            <FileText className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-sm break-all">{fileName}</p>
          </div>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="button" variant="outline" onClick={download} disabled={downloading}>
            <Download aria-hidden />
            {downloading ? 'Downloading...' : kind === 'photo' ? 'Download photo' : 'Download file'}
          </Button>
          {actions}
        </div>
        {children}
      </DialogContent>
    </Dialog>
  );
}
