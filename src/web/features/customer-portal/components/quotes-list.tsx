// The quotes sent to the customer for approval (docs/rules/customer-portal.md#quotes): open ones first in the eye,
// each opening its quote page to approve, decline or ask for changes.
import { FileSignature } from 'lucide-react';
import { Link } from 'react-router';
import type { PortalQuote } from '@contracts/customer-portal';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Shown only when a quote was sent for approval. `word` is the organization's plural for estimates ("Quotes"). */
export function QuotesList({ quotes, word }: { quotes: PortalQuote[]; word: string }) {
  if (quotes.length === 0) return null;
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSignature className="size-5 text-muted-foreground" aria-hidden />
          {word}
        </CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        <ul className="divide-y border-t" aria-label={word}>
          {quotes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6" data-testid="portal-quote">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {q.estimateNumber} <span className="font-normal text-muted-foreground">{q.title}</span>
                </p>
                <p className="text-muted-foreground">{q.validUntil ? `Valid until ${formatDate(q.validUntil)}` : 'No expiry date'}</p>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={q.status} />
                <span className="font-medium tabular-nums">{formatMoney(q.total)}</span>
                {q.approvalPath && (
                  <Button asChild size="sm" variant={q.awaitingAnswer ? 'default' : 'outline'}>
                    <Link to={q.approvalPath} aria-label={`${q.awaitingAnswer ? 'Review and approve' : 'View'} ${q.estimateNumber}`}>
                      {q.awaitingAnswer ? 'Review and approve' : 'View'}
                    </Link>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
