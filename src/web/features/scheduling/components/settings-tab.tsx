import { Copy, ExternalLink, Settings2 } from 'lucide-react';
import type { ScheduleSettings } from '@contracts/scheduling';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { timeLabel, WEEKDAY_KEYS } from '@/features/scheduling/scheduling-logic';

/** The public booking page of these settings (docs/rules/scheduling.md#public-pages-key: /schedule/{x} takes the token). */
export function bookingLink(settings: ScheduleSettings): string {
  return `${window.location.origin}/schedule/${settings.scheduleToken}`;
}

interface SettingsTabProps {
  settings: ScheduleSettings | null | undefined;
  isPending: boolean;
  error: unknown;
  canManage: boolean;
  onEdit: () => void;
}

export function SettingsTab({ settings, isPending, error, canManage, onEdit }: SettingsTabProps) {
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied to clipboard!' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the link', description: link });
    }
  };
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Schedule Settings</CardTitle>
          <CardDescription>Online booking hours and rules for your customers.</CardDescription>
        </div>
        {canManage && !isPending && !error && (
          <Button onClick={onEdit}>
            <Settings2 aria-hidden />
            {settings ? 'Update Settings' : 'Setup Scheduling'}
          </Button>
        )}
      </CardHeader>
      <PanelStatus
        isPending={isPending}
        error={error}
        isEmpty={!settings}
        emptyText="Online booking is not set up yet. Set up scheduling to get a booking link for your customers."
        failedTitle="Failed to load schedule settings"
        testId="schedule-settings"
      >
        {settings && (
          <CardContent className="grid gap-6">
            <div className="grid gap-2">
              <Label htmlFor="booking-link">Public booking link</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input id="booking-link" readOnly value={bookingLink(settings)} onFocus={(e) => e.target.select()} className="font-mono text-xs" />
                <div className="flex gap-2">
                  <Button variant="outline" onClick={() => void copy(bookingLink(settings))}>
                    <Copy aria-hidden />
                    Copy
                  </Button>
                  <Button variant="outline" onClick={() => window.open(bookingLink(settings), '_blank', 'noopener,noreferrer')}>
                    <ExternalLink aria-hidden />
                    Test
                  </Button>
                </div>
              </div>
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="settings-summary">
              <Item term="Time zone" value={settings.timeZone} />
              <Item term="Advance booking" value={`${settings.advanceBookingDays} days`} />
              <Item term="Cancellation notice" value={`${settings.cancellationHours} hours`} />
              <Item term="Require phone" value={settings.requirePhone ? 'Yes' : 'No'} />
              <Item term="Auto confirm bookings" value={settings.autoConfirm ? 'Yes' : 'No'} />
              <Item term="Allow cancellation" value={settings.allowCancellation ? 'Yes' : 'No'} />
              <Item term="Customers choose a person" value={settings.allowStaffChoice ? 'Yes' : 'No'} />
              {/* docs/rules/scheduling.md#holding-a-booking */}
              <Item
                term="To hold an online booking"
                value={settings.bookingHold === 'deposit' ? `A ${settings.bookingDepositPercent}% deposit` : settings.bookingHold === 'card' ? 'A card on file' : 'Nothing'}
              />
            </dl>
            <div>
              <h3 className="mb-2 text-sm font-medium">Booking hours</h3>
              <ul className="grid gap-1 text-sm sm:grid-cols-2">
                {WEEKDAY_KEYS.map((d) => (
                  <li key={d} className="flex justify-between gap-4 rounded-md border px-3 py-1.5">
                    <span className="capitalize">{d}</span>
                    <span className={settings[`${d}Enabled`] ? undefined : 'text-muted-foreground'}>
                      {settings[`${d}Enabled`] ? `${timeLabel(settings[`${d}Start`])} - ${timeLabel(settings[`${d}End`])}` : 'Closed'}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </CardContent>
        )}
      </PanelStatus>
    </Card>
  );
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
