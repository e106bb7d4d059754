// The past exports (docs/rules/data-exchange.md#accounting-screen): a table on wide screens, cards on phones, each
// with its period, format, what it held, who made it and when, and Download.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { ACCOUNTING_FORMAT_LABELS, describePeriod, type AccountingExport } from '@contracts/accounting';
import { formatDateTime } from '@contracts/format';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { downloadAccountingExport } from '@/features/accounting/api/accounting-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "4 invoices, 1 credit note, 2 payments, 0 refunds". */
export function contentsOf(c: AccountingExport['counts']): string {
  return [plural(c.invoices, 'invoice', 'invoices'), plural(c.creditNotes, 'credit note', 'credit notes'), plural(c.payments, 'payment', 'payments'), plural(c.refunds, 'refund', 'refunds')].join(', ');
}

function LeftOut({ count }: { count: number }) {
  if (count === 0) return null;
  return <p className="text-xs text-muted-foreground">{plural(count, 'record', 'records')} left out: in an earlier export</p>;
}

function DownloadButton({ row }: { row: AccountingExport }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAccountingExport(row);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to download the export', description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy} aria-label={`Download the export of ${describePeriod(row.periodFrom, row.periodTo)}`}>
      <Download aria-hidden />
      Download
    </Button>
  );
}

const madeBy = (row: AccountingExport) => `${row.createdBy?.name || 'A former user'}, ${formatDateTime(row.createdAt)}`;

export function ExportsTable({ rows }: { rows: AccountingExport[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Period</TableHead>
              <TableHead>Format</TableHead>
              <TableHead>Contents</TableHead>
              <TableHead>Made by</TableHead>
              <TableHead className="text-right">File</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="accounting-export-row">
                <TableCell className="font-medium whitespace-nowrap">{describePeriod(row.periodFrom, row.periodTo)}</TableCell>
                <TableCell className="whitespace-nowrap">{ACCOUNTING_FORMAT_LABELS[row.format]}</TableCell>
                <TableCell>
                  <p>{contentsOf(row.counts)}</p>
                  <LeftOut count={row.counts.leftOut} />
                </TableCell>
                <TableCell className="text-muted-foreground">{madeBy(row)}</TableCell>
                <TableCell className="py-1 text-right">
                  <DownloadButton row={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Past exports">
        {rows.map((row) => (
          <li key={row.id} className="space-y-2 px-4 py-3 text-sm" data-testid="accounting-export-item">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{describePeriod(row.periodFrom, row.periodTo)}</p>
                <p className="text-xs text-muted-foreground">{ACCOUNTING_FORMAT_LABELS[row.format]}</p>
              </div>
              <DownloadButton row={row} />
            </div>
            <p>{contentsOf(row.counts)}</p>
            <LeftOut count={row.counts.leftOut} />
            <p className="text-xs text-muted-foreground">{madeBy(row)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
