import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Inbox, Paperclip, RefreshCw, Reply } from 'lucide-react';
import { formatDateTime } from '@contracts/format';
import type { OutboxEntry } from '@contracts/outbox';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BrandMark } from '@/components/brand-mark';
import { useOutbox } from '@/features/dev-outbox/api/get-outbox';

const ReplyDialog = lazy(() => import('@/features/dev-outbox/components/reply-dialog').then((m) => ({ default: m.ReplyDialog })));

export function DevOutboxScreen() {
  const outbox = useOutbox();
  const [replyingTo, setReplyingTo] = useState<OutboxEntry | null>(null);

  useEffect(() => {
    document.title = 'Outbox · Tradebook';
  }, []);

  return (
    <main className="min-h-screen bg-background px-4 py-6 md:px-8">
      <div className="mx-auto max-w-6xl space-y-4">
        <div className="flex items-center justify-between gap-3">
          <Link to="/login" aria-label="Tradebook sign in">
            <BrandMark />
          </Link>
          <Button variant="outline" size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            <RefreshCw className={cn(outbox.isFetching && 'animate-spin')} aria-hidden />
            Refresh
          </Button>
        </div>
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <Inbox className="size-6 text-primary" aria-hidden />
            Outbox
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Without a mail server (development only), e-mails and text messages are kept here instead of being sent, and only this
            machine can read them. The latest 50, newest first.
          </p>
        </div>
        <Card>
          <CardContent className="p-0">
            {outbox.isPending ? (
              <Spinner className="py-10" label="Loading..." />
            ) : outbox.isError ? (
              <p className="p-6 text-center text-sm text-muted-foreground">
                {isApiError(outbox.error, 404) ? 'The outbox is not available on this server.' : errorMessage(outbox.error)}
              </p>
            ) : outbox.data.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted-foreground">The outbox is empty.</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Channel</TableHead>
                    <TableHead>To</TableHead>
                    <TableHead>Subject</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead>Text</TableHead>
                    <TableHead className="w-0">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {outbox.data.map((entry) => (
                    <TableRow key={entry.id} data-testid="outbox-row" className="align-top">
                      <TableCell className="align-top">
                        <Badge variant={entry.channel === 'email' ? 'secondary' : 'outline'}>{entry.channel === 'email' ? 'Email' : 'SMS'}</Badge>
                        {entry.status === 'opted_out' && (
                          <Badge variant="destructive" className="mt-1 block" data-testid="outbox-opted-out">
                            Opted out: not sent
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="align-top whitespace-nowrap">{entry.to}</TableCell>
                      <TableCell className="min-w-40 align-top">
                        {entry.subject ?? '-'}
                        {entry.attachments.length > 0 && (
                          <ul aria-label="Attachments" className="mt-2 space-y-1">
                            {entry.attachments.map((a, i) => (
                              <li key={i} className="flex items-center gap-1 text-xs break-all text-muted-foreground" title={a.contentType}>
                                <Paperclip className="size-3 shrink-0" aria-hidden />
                                {a.filename}
                              </li>
                            ))}
                          </ul>
                        )}
                      </TableCell>
                      <TableCell className="align-top whitespace-nowrap">{formatDateTime(entry.createdAt)}</TableCell>
                      <TableCell className="min-w-72 align-top">
                        <pre tabIndex={0} aria-label={`Text of ${entry.subject ?? `the message to ${entry.to}`}`} className="max-h-60 overflow-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-pre-wrap">{entry.text}</pre>
                      </TableCell>
                      <TableCell className="align-top">
                        {entry.channel === 'sms' && (
                          <Button variant="outline" size="sm" onClick={() => setReplyingTo(entry)} aria-label={`Reply as recipient ${entry.to}`}>
                            <Reply aria-hidden />
                            Reply as recipient
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <Suspense fallback={null}>{replyingTo && <ReplyDialog entry={replyingTo} onClose={() => setReplyingTo(null)} />}</Suspense>
    </main>
  );
}
