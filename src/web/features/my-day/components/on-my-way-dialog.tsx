// "On my way" (docs/rules/team.md#my-day): the minutes to arrival (a quick pick or typed), who will be told and how,
// and the exact words they get. A second one within 10 minutes of the message only moves the time.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigation } from 'lucide-react';
import { ETA_QUICK_PICKS, MY_DAY_LIMITS, onMyWayBodySchema, onMyWayText, type MyDayVisit } from '@contracts/my-day';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useOnMyWay } from '@/features/my-day/api';
import { clockTime, notifyLabel } from '@/features/my-day/lib/visit-display';

const resolver = zodResolver(onMyWayBodySchema);

interface Props {
  visit: MyDayVisit;
  from: string;
  timeZone: string;
  onClose: () => void;
}

export function OnMyWayDialog({ visit, from, timeZone, onClose }: Props) {
  const form = useForm({ resolver, defaultValues: { etaMinutes: 15 } });
  const onMyWay = useOnMyWay();
  const eta = form.watch('etaMinutes');
  const valid = Number.isInteger(eta) && eta >= MY_DAY_LIMITS.etaMin && eta <= MY_DAY_LIMITS.etaMax;
  const arrival = valid ? clockTime(new Date(Date.now() + eta * 60_000), timeZone) : null;
  const toldRecently = visit.onMyWayAt !== null && Date.now() - new Date(visit.onMyWayAt).getTime() < MY_DAY_LIMITS.repeatWindowMinutes * 60_000;

  const onSubmit = form.handleSubmit((body) =>
    onMyWay.mutateAsync({ id: visit.id, body }).then(
      (result) => {
        const at = result.visit.expectedArrivalAt ? clockTime(result.visit.expectedArrivalAt, timeZone) : '';
        const told =
          result.message === 'sent'
            ? result.notify?.channel === 'sms'
              ? 'Customer texted'
              : 'Customer e-mailed'
            : result.message === 'repeat'
              ? 'Arrival time updated'
              : 'On your way';
        const description =
          result.message === 'repeat'
            ? `They were told a few minutes ago, so no second message was sent. Arriving ~${at}.`
            : result.message === 'none'
              ? `Nobody was told: this visit has no phone or e-mail. Arriving ~${at}.`
              : `Arriving ~${at}.`;
        toast({ title: told, description });
        onClose();
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['etaMinutes'] as const);
        toast({ variant: 'destructive', title: 'Failed to send On my way', description: errorMessage(error) });
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !onMyWay.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-md" data-testid="on-my-way-dialog">
        <DialogHeader>
          <DialogTitle>On my way</DialogTitle>
          <DialogDescription>How long until you get there? {notifyLabel(visit)}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid grid-cols-3 gap-2" role="group" aria-label="Quick picks">
              {ETA_QUICK_PICKS.map((minutes) => (
                <Button
                  key={minutes}
                  variant={eta === minutes ? 'default' : 'outline'}
                  className={cn('h-12 text-base')}
                  aria-pressed={eta === minutes}
                  onClick={() => form.setValue('etaMinutes', minutes, { shouldValidate: true })}
                >
                  {minutes} min
                </Button>
              ))}
            </div>
            <FormField
              control={form.control}
              name="etaMinutes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Minutes to arrival</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={MY_DAY_LIMITS.etaMin}
                      max={MY_DAY_LIMITS.etaMax}
                      step={1}
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(e) => field.onChange(e.target.valueAsNumber)}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {visit.notify && (
              <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="on-my-way-preview">
                <p className="mb-1 text-xs font-medium text-muted-foreground uppercase">{visit.notify.channel === 'sms' ? 'Text message' : 'E-mail'}</p>
                <p>{arrival ? onMyWayText(from, arrival) : 'Give the minutes to see the message.'}</p>
              </div>
            )}
            {toldRecently && (
              <p className="text-sm text-muted-foreground">
                You told them less than {MY_DAY_LIMITS.repeatWindowMinutes} minutes ago: a new time is saved without a second message.
              </p>
            )}
            <DialogFooter className="gap-2">
              <Button variant="outline" className="h-12 sm:h-9" onClick={onClose} disabled={onMyWay.isPending}>
                Cancel
              </Button>
              <Button type="submit" className="h-12 text-base sm:h-9 sm:text-sm" disabled={onMyWay.isPending}>
                <Navigation aria-hidden />
                {onMyWay.isPending ? 'Sending...' : visit.notify && !toldRecently ? 'Tell the customer' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
