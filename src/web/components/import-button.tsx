import { Link } from 'react-router';
import { FileUp } from 'lucide-react';
import type { ImportKind } from '@contracts/imports';
import { Button } from '@/components/ui/button';

/** A list's way to Import data for its kind (docs/rules/data-exchange.md#imports); lists show it to who may add the records. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  return (
    <Button variant="outline" asChild>
      <Link to={`/imports?kind=${kind}`}>
        <FileUp aria-hidden />
        Import
      </Link>
    </Button>
  );
}
