// Where the file goes in: dropped on the box or chosen with the button (a phone's file picker), uploaded at once.
import { useRef, useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ProgressBar } from '@/features/imports/components/progress-bar';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function FilePicker({ onFile, uploading }: { onFile: (file: File) => void; uploading: number | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const busy = uploading !== null;
  return (
    <div
      className={cn('flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors', isOver && 'border-primary bg-primary/5')}
      data-testid="import-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file && !busy) onFile(file);
      }}
    >
      <FileSpreadsheet className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm">Drop a CSV or XLSX file here, or</p>
      <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
        Choose file
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Spreadsheet file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file chosen again (after fixing it) must upload again.
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p className="text-xs text-muted-foreground">CSV or XLSX (its first worksheet), at most 20 MB and 50,000 rows.</p>
      {busy && <ProgressBar label="Upload progress" percent={uploading * 100} text={`Uploading and reading the file... ${Math.round(uploading * 100)}%`} testId="import-upload-progress" />}
    </div>
  );
}
