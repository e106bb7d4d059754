// The Export control of a list (docs/rules/data-exchange.md#list-exports): a small menu, CSV or Excel, downloading
// every row the list holds with its current search and filters, not only the page on screen.
import { useState } from 'react';
import { Download, FileSpreadsheet, FileText, type LucideIcon } from 'lucide-react';
import type { ListExportFormat } from '@contracts/list-export';
import { errorMessage } from '@/lib/api-client';
import { downloadListExport, type ListExportSource } from '@/lib/list-export';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';

const CHOICES = [
  { format: 'csv', label: 'CSV', Icon: FileText },
  { format: 'xlsx', label: 'Excel (.xlsx)', Icon: FileSpreadsheet },
] as const satisfies readonly { format: ListExportFormat; label: string; Icon: LucideIcon }[];

/** `isEmpty`: the list has no rows (with its search), so there is nothing to export. */
export function ListExportMenu({ source, isEmpty = false }: { source: ListExportSource; isEmpty?: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ListExportFormat) => {
    setBusy(true);
    try {
      const fileName = await downloadListExport(source, format);
      toast({ title: 'Export downloaded', description: fileName });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to export', description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        {/* On a phone the icon alone, so the search box beside it keeps its room; the word stays for screen readers. */}
        <Button variant="outline" disabled={busy || isEmpty} data-testid="list-export" className="ml-auto shrink-0 max-sm:size-9 max-sm:px-0 sm:order-last">
          <Download aria-hidden />
          <span className="max-sm:sr-only">{busy ? 'Exporting...' : 'Export'}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {CHOICES.map((c) => (
          <DropdownMenuItem key={c.format} onSelect={() => void run(c.format)} data-testid={`list-export-${c.format}`}>
            <c.Icon aria-hidden />
            {c.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
