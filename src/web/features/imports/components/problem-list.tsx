// Every problem of the file by row and column (docs/rules/data-exchange.md#import-problems), in a list that scrolls.
import { AlertTriangle } from 'lucide-react';
import type { ImportProblem } from '@contracts/imports';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export function ProblemList({ problems, count }: { problems: ImportProblem[]; count: number }) {
  return (
    <section className="rounded-lg border border-destructive/40 bg-destructive/5" aria-labelledby="import-problems-title" data-testid="import-problems">
      <h3 id="import-problems-title" className="flex items-center gap-2 px-4 pt-3 text-sm font-semibold text-red-700">
        <AlertTriangle className="size-4" aria-hidden />
        {plural(count, 'problem')} to fix before importing
      </h3>
      <p className="px-4 pb-2 text-xs text-red-700">Fix them in the file and upload it again, or change the columns chosen above.</p>
      <ol className="max-h-72 overflow-y-auto border-t border-destructive/20 px-4 py-2 text-sm" tabIndex={0} aria-label="Problems">
        {problems.map((p, i) => (
          <li key={i} className="py-1" data-testid="import-problem">
            <span className="font-medium">Row {p.row}</span>
            {p.column && <span className="font-medium"> · {p.column}</span>}: {p.message}
          </li>
        ))}
      </ol>
      {count > problems.length && <p className="border-t border-destructive/20 px-4 py-2 text-xs text-red-700">The first {problems.length.toLocaleString('en-US')} are listed.</p>}
    </section>
  );
}
