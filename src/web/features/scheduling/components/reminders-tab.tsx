// The reminder settings card (loaded with its tab). Custom timings follow addCustomTiming's rules.
import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import type { ReminderSettings, ReminderSettingsBody } from '@contracts/scheduling';
import { isApiError } from '@/lib/api-client';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useReminderSettings, useSaveReminderSettings } from '@/features/scheduling/api/scheduling-api';
import { addCustomTiming, timingChoices, timingLabel } from '@/features/scheduling/scheduling-logic';

export const TEMPLATE_VARIABLES = ['{organizationName}', '{appointmentDate}', '{appointmentTime}', '{serviceName}', '{customerName}'] as const;
const EMAIL_PLACEHOLDER = 'Hello {customerName}, this is a reminder of your {serviceName} appointment with {organizationName} on {appointmentDate} at {appointmentTime}.';
const SMS_PLACEHOLDER = 'Reminder: {serviceName} with {organizationName} on {appointmentDate} at {appointmentTime}. Reply STOP to opt out.';
const SMS_ADVICE_LIMIT = 160;

export function RemindersTab({ canManage }: { canManage: boolean }) {
  const settings = useReminderSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appointment Reminders</CardTitle>
        <CardDescription>Remind customers of their appointments by e-mail and text message.</CardDescription>
      </CardHeader>
      <PanelStatus
        isPending={settings.isPending}
        error={settings.isError ? new Error('Failed to load reminder settings.') : null}
        isEmpty={false}
        emptyText=""
        failedTitle="Failed to load reminder settings."
        testId="reminders"
      >
        {/* Re-keyed so a saved or refetched record resets the form. */}
        <RemindersForm key={settings.data?.id ?? 'new'} settings={settings.data ?? null} canManage={canManage} />
      </PanelStatus>
    </Card>
  );
}

interface FormState {
  isEnabled: boolean;
  defaultTiming: number;
  customTimings: number[];
  emailEnabled: boolean;
  smsEnabled: boolean;
  emailTemplate: string;
  smsTemplate: string;
}

function initialState(s: ReminderSettings | null): FormState {
  return {
    isEnabled: s?.isEnabled ?? true,
    defaultTiming: s?.defaultTiming ?? 24,
    customTimings: s?.customTimings ?? [24, 48],
    emailEnabled: s?.emailEnabled ?? true,
    smsEnabled: s?.smsEnabled ?? false,
    emailTemplate: s?.emailTemplate ?? '',
    smsTemplate: s?.smsTemplate ?? '',
  };
}

function RemindersForm({ settings, canManage }: { settings: ReminderSettings | null; canManage: boolean }) {
  const [state, setState] = useState(() => initialState(settings));
  const [newTiming, setNewTiming] = useState('');
  const save = useSaveReminderSettings();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const disabled = !canManage || save.isPending;

  const addTiming = () => {
    const result = addCustomTiming(state.customTimings, newTiming);
    if (!result.ok) {
      toast({ variant: 'destructive', title: result.title, description: result.description });
      return;
    }
    set('customTimings', result.timings);
    setNewTiming('');
  };

  const onSave = () => {
    const body: ReminderSettingsBody = {
      isEnabled: state.isEnabled,
      defaultTiming: state.defaultTiming,
      customTimings: state.customTimings,
      emailEnabled: state.emailEnabled,
      smsEnabled: state.smsEnabled,
      emailTemplate: state.emailTemplate,
      smsTemplate: state.smsTemplate,
    };
    save.mutate(
      { id: settings?.id ?? null, body },
      {
        onSuccess: () => toast({ title: 'Settings Updated', description: 'Your reminder settings have been saved.' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: isApiError(error) && error.body?.message ? error.body.message : 'Failed to update reminder settings.',
          }),
      },
    );
  };

  return (
    <CardContent className="grid gap-6" data-testid="reminders-form">
      <Toggle id="reminders-enabled" label="Enable automatic reminders" checked={state.isEnabled} disabled={disabled} onChange={(v) => set('isEnabled', v)} />
      {state.isEnabled && (
        <>
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor="reminders-default-timing">Default reminder timing</Label>
            <NativeSelect id="reminders-default-timing" value={state.defaultTiming} disabled={disabled} onChange={(e) => set('defaultTiming', Number(e.target.value))}>
              {timingChoices(state.customTimings, state.defaultTiming).map((h) => (
                <option key={h} value={h}>
                  {timingLabel(h)} before
                </option>
              ))}
            </NativeSelect>
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Custom reminder timings</legend>
            <ul className="flex flex-wrap gap-2" data-testid="custom-timings">
              {state.customTimings.length === 0 && <li className="text-sm text-muted-foreground">No custom timings</li>}
              {state.customTimings.map((h) => (
                <li key={h} className="inline-flex items-center gap-1 rounded-md border bg-muted px-2 py-1 text-sm">
                  {timingLabel(h)} before
                  {canManage && (
                    <button
                      type="button"
                      className="rounded p-0.5 hover:bg-background"
                      aria-label={`Remove ${timingLabel(h)}`}
                      disabled={disabled}
                      onClick={() => set('customTimings', state.customTimings.filter((x) => x !== h))}
                    >
                      <X className="size-3.5" aria-hidden />
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {canManage && (
              <div className="mt-2 flex max-w-sm items-end gap-2">
                <div className="grid flex-1 gap-2">
                  <Label htmlFor="reminders-new-timing">Hours before the appointment</Label>
                  <Input
                    id="reminders-new-timing"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={newTiming}
                    disabled={disabled}
                    onChange={(e) => setNewTiming(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        addTiming();
                      }
                    }}
                  />
                </div>
                <Button type="button" variant="outline" onClick={addTiming} disabled={disabled}>
                  <Plus aria-hidden />
                  Add Timing
                </Button>
              </div>
            )}
          </fieldset>

          <div className="grid gap-3">
            <Toggle id="reminders-email" label="Email reminders" checked={state.emailEnabled} disabled={disabled} onChange={(v) => set('emailEnabled', v)} />
            {state.emailEnabled && (
              <div className="grid gap-2">
                <Label htmlFor="reminders-email-template">Email template</Label>
                <Textarea id="reminders-email-template" rows={5} maxLength={10_000} placeholder={EMAIL_PLACEHOLDER} value={state.emailTemplate} disabled={disabled} onChange={(e) => set('emailTemplate', e.target.value)} />
              </div>
            )}
          </div>

          <div className="grid gap-3">
            <Toggle id="reminders-sms" label="SMS reminders" checked={state.smsEnabled} disabled={disabled} onChange={(v) => set('smsEnabled', v)} />
            {state.smsEnabled && (
              <div className="grid gap-2">
                <Label htmlFor="reminders-sms-template">SMS template</Label>
                <Textarea id="reminders-sms-template" rows={3} maxLength={1_000} placeholder={SMS_PLACEHOLDER} value={state.smsTemplate} disabled={disabled} onChange={(e) => set('smsTemplate', e.target.value)} />
                <p className={state.smsTemplate.length > SMS_ADVICE_LIMIT ? 'text-sm text-amber-600' : 'text-sm text-muted-foreground'}>
                  Keep SMS messages under 160 characters to avoid splitting. ({state.smsTemplate.length}/160)
                </p>
              </div>
            )}
          </div>

          <div className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="template-variables">
            <p className="font-medium">Template variables</p>
            <p className="mt-1 flex flex-wrap gap-2 text-muted-foreground">
              {TEMPLATE_VARIABLES.map((v) => (
                <code key={v} className="rounded bg-background px-1.5 py-0.5">
                  {v}
                </code>
              ))}
            </p>
          </div>
        </>
      )}
      {canManage && (
        <div>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      )}
    </CardContent>
  );
}

function Toggle({ id, label, checked, disabled, onChange }: { id: string; label: string; checked: boolean; disabled: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4 accent-primary" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
