// The first rows as they would come in, each with what the import does with it.
import type { ImportField, ImportPreview, ImportRowAction } from '@contracts/imports';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const ACTION_LABELS: Record<ImportRowAction, string> = { create: 'New', update: 'Update', skip: 'Skip' };

export function PreviewTable({ rows, fields }: { rows: ImportPreview['rows']; fields: ImportField[] }) {
  // The fields the file gives, in the form's order.
  const shown = fields.filter((f) => !f.into && rows.some((r) => r.values[f.name]));
  return (
    <Table data-testid="import-preview-table">
      <TableHeader>
        <TableRow>
          <TableHead>Row</TableHead>
          <TableHead>Action</TableHead>
          {shown.map((f) => (
            <TableHead key={f.name}>{f.label}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.row}>
            <TableCell className="tabular-nums">{r.row}</TableCell>
            <TableCell className="whitespace-nowrap">
              {r.action ? <Badge variant={r.action === 'create' ? 'default' : 'secondary'}>{ACTION_LABELS[r.action]}</Badge> : <Badge variant="destructive">Problem</Badge>}
            </TableCell>
            {/* Wide enough to read on a phone: the table scrolls sideways rather than squeezing values into letters. */}
            {shown.map((f) => (
              <TableCell key={f.name} className="max-w-64 min-w-32">
                {r.values[f.name] ?? <span className="text-muted-foreground">-</span>}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
