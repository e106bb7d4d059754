import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Appointment, Service } from '@contracts/scheduling';
import type { ChecklistTemplate } from '@contracts/checklists';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { toast } from '@/components/ui/use-toast';
import { OrganizationScope } from '@/features/scheduling/api/organization-scope';
import { useOrganizations } from '@/lib/use-organizations';
import { useAppointments, useMigrateWorkOrders, useScheduleSettings, useServices } from '@/features/scheduling/api/scheduling-api';
import { AppointmentsTab } from '@/features/scheduling/components/appointments-tab';
import { ServicesTab } from '@/features/scheduling/components/services-tab';
import { SettingsTab } from '@/features/scheduling/components/settings-tab';
import { SummaryCards } from '@/features/scheduling/components/summary-cards';
import { addDays, bookingReady, DEFAULT_TIME_ZONE, wallClockNow, weekDays, type DayHours } from '@/features/scheduling/scheduling-logic';

// Forms, validation and Radix dialogs load when first opened; the reminders card with its tab.
const AppointmentDialog = lazy(() => import('@/features/scheduling/components/appointment-dialog').then((m) => ({ default: m.AppointmentDialog })));
const ServiceDialog = lazy(() => import('@/features/scheduling/components/service-dialog').then((m) => ({ default: m.ServiceDialog })));
const SettingsDialog = lazy(() => import('@/features/scheduling/components/settings-dialog').then((m) => ({ default: m.SettingsDialog })));
const RemindersTab = lazy(() => import('@/features/scheduling/components/reminders-tab').then((m) => ({ default: m.RemindersTab })));
// Checklist templates (docs/rules/team.md#checklists): the tab and its dialog load when opened.
const ChecklistsTab = lazy(() => import('@/features/scheduling/components/checklists-tab').then((m) => ({ default: m.ChecklistsTab })));
const ChecklistTemplateDialog = lazy(() => import('@/features/scheduling/components/checklist-template-dialog').then((m) => ({ default: m.ChecklistTemplateDialog })));

type Tab = 'appointments' | 'services' | 'checklists' | 'reminders' | 'settings';
const TABS: { value: Tab; label: string }[] = [
  { value: 'appointments', label: 'Appointments' },
  { value: 'services', label: 'Services' },
  { value: 'checklists', label: 'Checklists' },
  { value: 'reminders', label: 'Reminders' },
  { value: 'settings', label: 'Settings' },
];

type Editing =
  | { kind: 'appointment'; appointment: Appointment | null }
  | { kind: 'service'; service: Service | null }
  | { kind: 'checklist'; template: ChecklistTemplate | null }
  | { kind: 'settings' }
  | null;

export function SchedulingScreen() {
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  const organizations = useOrganizations({ enabled: isSuperUser });
  const [picked, setPicked] = useState<number | null>(null);
  const organizationId = isSuperUser ? (picked ?? user?.organizationId ?? organizations.data?.[0]?.id ?? null) : null;

  const picker = isSuperUser && (
    <div className="grid gap-1">
      <Label htmlFor="scheduling-organization">Organization</Label>
      <NativeSelect id="scheduling-organization" value={organizationId ?? ''} onChange={(e) => setPicked(Number(e.target.value))} className="min-w-56">
        {(organizations.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
  if (isSuperUser && organizationId === null) {
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title="Scheduling" description="Appointments, bookable services, reminders and your online booking page." />
        {organizations.isPending ? <Skeleton className="h-64 w-full" /> : <p className="text-sm text-muted-foreground">No organizations yet.</p>}
      </div>
    );
  }
  return (
    // Re-keyed so dialogs and the shown week start afresh for another organization.
    <OrganizationScope.Provider key={organizationId ?? 'own'} value={organizationId}>
      <SchedulingContent canManage={Boolean(user?.effectivePermissions.includes('manage_appointments'))} picker={picker} />
    </OrganizationScope.Provider>
  );
}

function SchedulingContent({ canManage, picker }: { canManage: boolean; picker: ReactNode }) {
  const [tab, setTab] = useTabParam(TABS);
  const [editing, setEditing] = useState<Editing>(null);

  const services = useServices();
  const settings = useScheduleSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;
  // "Today" is the organization's date, whatever the browser's zone.
  const today = wallClockNow(timeZone).date;
  const [shownWeek, setShownWeek] = useState<string | null>(null);
  const days = weekDays(shownWeek ?? today);
  const appointments = useAppointments(days[0], days[6]);
  // The summary counts this week's appointments even while another week is shown.
  const thisWeek = weekDays(today);
  const current = useAppointments(thisWeek[0], thisWeek[6]);
  const migrate = useMigrateWorkOrders();

  const booked = (current.data ?? []).filter((a) => a.status !== 'cancelled');
  const hours: DayHours | null = settings.data ?? null;

  const onMigrate = () =>
    migrate.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Migration completed successfully', description: `${r.servicesCreated} services and ${r.appointmentsCreated} appointments created.` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Migration failed', description: errorMessage(error) }),
    });

  const activeServices = services.data ? services.data.filter((s) => s.isActive).length : services.isError ? 0 : null;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Scheduling" description="Appointments, bookable services, reminders and your online booking page." actions={picker || undefined} />
      <SummaryCards
        activeServices={activeServices}
        todayCount={current.data ? booked.filter((a) => a.appointmentDate.startsWith(today)).length : current.isError ? 0 : null}
        weekCount={current.data ? booked.length : current.isError ? 0 : null}
        bookingReady={bookingReady(settings.isPending ? null : Boolean(settings.data), activeServices)}
      />
      <Tabs items={TABS} value={tab} onValueChange={setTab} label="Scheduling sections">
        {tab === 'appointments' && (
          <AppointmentsTab
            days={days}
            today={today}
            appointments={appointments.data}
            isPending={appointments.isPending}
            isFetching={appointments.isFetching}
            error={appointments.error}
            canManage={canManage}
            onPrevious={() => setShownWeek(addDays(days[0], -7))}
            onNext={() => setShownWeek(addDays(days[0], 7))}
            onToday={() => setShownWeek(null)}
            onAdd={() => setEditing({ kind: 'appointment', appointment: null })}
            onEdit={(appointment) => setEditing({ kind: 'appointment', appointment })}
          />
        )}
        {tab === 'services' && (
          <ServicesTab
            services={services.data}
            isPending={services.isPending}
            error={services.error}
            canManage={canManage}
            isMigrating={migrate.isPending}
            onAdd={() => setEditing({ kind: 'service', service: null })}
            onEdit={(service) => setEditing({ kind: 'service', service })}
            onMigrate={onMigrate}
          />
        )}
        {tab === 'checklists' && (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <ChecklistsTab canManage={canManage} onAdd={() => setEditing({ kind: 'checklist', template: null })} onEdit={(template) => setEditing({ kind: 'checklist', template })} />
          </Suspense>
        )}
        {tab === 'reminders' && (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <RemindersTab canManage={canManage} />
          </Suspense>
        )}
        {tab === 'settings' && (
          <SettingsTab settings={settings.data} isPending={settings.isPending} error={settings.error} canManage={canManage} onEdit={() => setEditing({ kind: 'settings' })} />
        )}
      </Tabs>
      <Suspense fallback={null}>
        {editing?.kind === 'appointment' && (
          <AppointmentDialog
            appointment={editing.appointment}
            // A new appointment starts on today when this week is shown, else on the shown week's Sunday.
            defaultDate={days.includes(today) ? today : days[0] < today ? today : days[0]}
            services={services.data ?? []}
            hours={hours}
            timeZone={timeZone}
            onClose={() => setEditing(null)}
          />
        )}
        {editing?.kind === 'service' && <ServiceDialog service={editing.service} onClose={() => setEditing(null)} />}
        {editing?.kind === 'checklist' && <ChecklistTemplateDialog template={editing.template} onClose={() => setEditing(null)} />}
        {editing?.kind === 'settings' && <SettingsDialog settings={settings.data ?? null} onClose={() => setEditing(null)} />}
      </Suspense>
    </div>
  );
}
