// Review requests on the Organization screen (docs/rules/messaging.md#review-requests): whether a finished job asks
// the customer for a review, where the review page is, when, how, and in which words.
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { REVIEW_CHANNEL_LABELS, REVIEW_CHANNELS, REVIEW_LIMITS, REVIEW_MESSAGES, type ReviewRequestSettings } from '@contracts/review-requests';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { CheckboxField } from '@/components/form-fields';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useReviewRequestSettings, useSaveReviewRequestSettings } from '@/features/organization/api/review-requests';
import { SettingsCard } from '@/features/organization/components/settings-card';
import { REVIEW_REQUEST_FIELDS, reviewRequestFormSchema, reviewRequestFormValues, waitChoices } from '@/features/organization/lib/review-request-form';

const resolver = zodResolver(reviewRequestFormSchema);

/** `organizationId`: the super user's chosen organization; null for one's own. */
export function ReviewRequestsCard({ organizationId }: { organizationId: number | null }) {
  const settings = useReviewRequestSettings(organizationId);
  return (
    <SettingsCard
      name="review-requests"
      icon={Star}
      title="Review requests"
      description="When a job is completed, ask the customer to review you, once per job, by text message or e-mail."
    >
      <PanelStatus isPending={settings.isPending} error={settings.error} isEmpty={false} emptyText="" failedTitle="Failed to load review request settings" testId="review-requests">
        {settings.data && <ReviewRequestsForm settings={settings.data} organizationId={organizationId} />}
      </PanelStatus>
    </SettingsCard>
  );
}

function ReviewRequestsForm({ settings, organizationId }: { settings: ReviewRequestSettings; organizationId: number | null }) {
  const save = useSaveReviewRequestSettings(organizationId);
  const form = useForm({ resolver, defaultValues: reviewRequestFormValues(settings) });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      form.reset(reviewRequestFormValues(saved));
      toast({ title: REVIEW_MESSAGES.saved });
    } catch (error) {
      applyServerIssues(error, form.setError, REVIEW_REQUEST_FIELDS);
      toast({ variant: 'destructive', title: REVIEW_MESSAGES.saveFailed, description: errorMessage(error) });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Review request settings" data-testid="review-requests-form">
        <div className="rounded-md border bg-muted/30 p-3">
          <CheckboxField control={form.control} name="enabled" label="Ask for a review when a job is completed" hint="Each job asks once, however often it is completed again." />
        </div>
        <FormField
          control={form.control}
          name="link"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Review link</FormLabel>
              <FormControl>
                <Input type="url" inputMode="url" placeholder="https://g.page/r/your-business/review" maxLength={REVIEW_LIMITS.link} {...field} />
              </FormControl>
              <FormDescription className="text-xs">Your Google review page, or any https address where customers can review you.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="delayMinutes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>When</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {waitChoices(settings.delayMinutes).map((w) => (
                      <option key={w.value} value={w.value}>
                        {w.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="channel"
            render={({ field }) => (
              <FormItem>
                <FormLabel>How</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {REVIEW_CHANNELS.map((c) => (
                      <option key={c} value={c}>
                        {REVIEW_CHANNEL_LABELS[c]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormDescription className="text-xs">Texts go only to mobile numbers that have not replied STOP.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Message</FormLabel>
              <FormControl>
                <Textarea rows={4} placeholder={settings.defaultMessage} maxLength={REVIEW_LIMITS.message} {...field} />
              </FormControl>
              <p className="flex flex-col gap-0.5 text-xs text-muted-foreground sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                <span className="min-w-0">
                  Leave it empty for the words shown. Filled in for each job:{' '}
                  {settings.variables.map((name, i) => (
                    <span key={name}>
                      <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.7rem] text-foreground">{`{${name}}`}</code>
                      {i < settings.variables.length - 1 ? ' ' : ''}
                    </span>
                  ))}
                  . The link is added when the message does not have it.
                </span>
                <span className="shrink-0 whitespace-nowrap tabular-nums">
                  {message.length} / {REVIEW_LIMITS.message}
                </span>
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex justify-end border-t pt-4">
          <Button type="submit" disabled={save.isPending || !form.formState.isDirty} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save review settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
