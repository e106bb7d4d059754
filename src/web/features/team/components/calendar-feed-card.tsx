// "My calendar" (docs/rules/team.md#calendar-feed): the signed-in staff member's private iCalendar address, to
// subscribe to from Google Calendar, Outlook or Apple Calendar. The server keeps it hashed, so the address is shown
// once, right after it is made; replacing it or turning it off stops the old one.
import { useState } from 'react';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { formatDateTime } from '@contracts/format';
import { errorMessage } from '@/lib/api-client';
import { useCalendarFeed, useCalendarFeedWrite } from '@/lib/team';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';

async function copyLink(url: string) {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied to clipboard!' });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description: 'Select the link and copy it yourself.' });
  }
}

/** The address just made: the only time it is shown. */
function NewLink({ url }: { url: string }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="calendar-feed-url">
      <Label htmlFor="calendar-feed-url">Your calendar link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs md:text-xs" />
        <Button variant="outline" className="sm:w-auto" onClick={() => void copyLink(url)}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">This link is shown only now:</span> copy it into your calendar app. Keep it private, since anyone with it can see your appointments. To see a link again, replace it.
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
        <li>Google Calendar: Other calendars, +, From URL.</li>
        <li>Outlook: Add calendar, Subscribe from web.</li>
        <li>Apple Calendar: File, New Calendar Subscription.</li>
      </ul>
    </div>
  );
}

export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const { create, revoke } = useCalendarFeedWrite();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'off' | null>(null);
  const active = feed.data?.active === true;

  const makeLink = () =>
    create.mutateAsync(undefined, {
      onSuccess: (made) => {
        setShownUrl(made.url ?? null);
        toast({ title: active ? 'Calendar link replaced' : 'Calendar link created' });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to create the calendar link', description: errorMessage(error) }),
    });
  const turnOff = () =>
    revoke.mutateAsync(undefined, {
      onSuccess: () => {
        setShownUrl(null);
        toast({ title: 'Calendar link turned off' });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to turn off the calendar link', description: errorMessage(error) }),
    });

  return (
    <Card data-testid="calendar-feed-card">
      <CardHeader className="gap-2 p-4 sm:p-6">
        <CardTitle>My calendar</CardTitle>
        <CardDescription>
          See the appointments you are on in Google Calendar, Outlook or Apple Calendar. Make a private link and subscribe to it from your calendar app; it
          keeps itself up to date.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {feed.isPending ? (
          <Skeleton className="h-9 w-48" aria-busy="true" />
        ) : feed.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load your calendar link</AlertTitle>
            <AlertDescription>{errorMessage(feed.error)}</AlertDescription>
          </Alert>
        ) : (
          <>
            <p className="text-sm" data-testid="calendar-feed-status">
              {active ? (
                <>
                  <span className="font-medium">Your calendar link is on.</span> Made {formatDateTime(feed.data.createdAt)}.
                </>
              ) : (
                'You have no calendar link.'
              )}
            </p>
            {shownUrl && <NewLink url={shownUrl} />}
            <div className="flex flex-col gap-2 sm:flex-row">
              {active ? (
                <>
                  <Button variant="outline" onClick={() => setConfirming('replace')} disabled={create.isPending || revoke.isPending}>
                    <RefreshCw aria-hidden />
                    Replace link
                  </Button>
                  <Button variant="outline" onClick={() => setConfirming('off')} disabled={create.isPending || revoke.isPending}>
                    Turn off
                  </Button>
                </>
              ) : (
                <Button onClick={() => void makeLink().catch(() => undefined)} disabled={create.isPending}>
                  <CalendarPlus aria-hidden />
                  {create.isPending ? 'Creating...' : 'Create calendar link'}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      {confirming === 'replace' && (
        <ConfirmDeleteDialog
          title="Replace your calendar link?"
          description="The current link stops working at once: calendars subscribed to it stop updating until you subscribe to the new one."
          confirmLabel="Replace link"
          workingLabel="Replacing..."
          onConfirm={makeLink}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'off' && (
        <ConfirmDeleteDialog
          title="Turn off your calendar link?"
          description="The link stops working at once: calendars subscribed to it stop showing your appointments."
          confirmLabel="Turn off"
          workingLabel="Turning off..."
          onConfirm={turnOff}
          onClose={() => setConfirming(null)}
        />
      )}
    </Card>
  );
}
