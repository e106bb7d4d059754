// Fetchers, query keys and mutations of the Scheduling screen (docs/rules/scheduling.md#scheduling-screen).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplyTo } from '@contracts/repeat';
import type {
  Appointment,
  CreateAppointmentBody,
  CreateServiceBody,
  ReminderSettings,
  ReminderSettingsBody,
  ScheduleSettings,
  ScheduleSettingsBody,
  Service,
  UpdateAppointmentBody,
  UpdateServiceBody,
} from '@contracts/scheduling';
import { api } from '@/lib/api-client';
import { scoped, useOrganizationScope } from '@/features/scheduling/api/organization-scope';

/** Every key starts with 'scheduling', so one invalidation refreshes the whole screen. */
export const schedulingKeys = {
  all: ['scheduling'] as const,
  services: ['scheduling', 'services'] as const,
  settings: ['scheduling', 'schedule-settings'] as const,
  reminders: ['scheduling', 'reminder-settings'] as const,
  appointments: ['scheduling', 'appointments'] as const,
  week: (from: string, to: string, org: number | null) => ['scheduling', 'appointments', from, to, org] as const,
};

export function useServices() {
  const org = useOrganizationScope();
  return useQuery({ queryKey: [...schedulingKeys.services, org], queryFn: ({ signal }) => api.get<Service[]>(scoped('/api/services', org), { signal }) });
}

export function useScheduleSettings() {
  const org = useOrganizationScope();
  return useQuery({
    queryKey: [...schedulingKeys.settings, org],
    queryFn: ({ signal }) => api.get<ScheduleSettings | null>(scoped('/api/schedule-settings', org), { signal }),
  });
}

/** Cached two minutes (docs/rules/scheduling.md#reminders). */
export function useReminderSettings() {
  const org = useOrganizationScope();
  return useQuery({
    queryKey: [...schedulingKeys.reminders, org],
    queryFn: ({ signal }) => api.get<ReminderSettings | null>(scoped('/api/reminder-settings', org), { signal }),
    staleTime: 2 * 60_000,
  });
}

/** Appointments on the days from..to inclusive, organization wall clock. */
export function useAppointments(from: string, to: string, enabled = true) {
  const org = useOrganizationScope();
  return useQuery({
    queryKey: schedulingKeys.week(from, to, org),
    queryFn: ({ signal }) => api.get<Appointment[]>(scoped(`/api/appointments?from=${from}&to=${to}`, org), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidate(...keys: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useSaveService() {
  const org = useOrganizationScope();
  const invalidate = useInvalidate(schedulingKeys.services);
  return useMutation({
    mutationFn: (input: { id: number | null; body: CreateServiceBody | UpdateServiceBody }) =>
      input.id === null ? api.post<Service>('/api/services', { ...input.body, organizationId: org }) : api.put<Service>(`/api/services/${input.id}`, input.body),
    onSuccess: invalidate,
  });
}

export function useMigrateWorkOrders() {
  const org = useOrganizationScope();
  const invalidate = useInvalidate(schedulingKeys.services, schedulingKeys.appointments);
  return useMutation({
    mutationFn: () => api.post<{ servicesCreated: number; appointmentsCreated: number }>('/api/migrate-work-orders', org === null ? {} : { organizationId: org }),
    onSuccess: invalidate,
  });
}

export function useSaveScheduleSettings() {
  const org = useOrganizationScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: ScheduleSettingsBody }) =>
      input.id === null ? api.post<ScheduleSettings>('/api/schedule-settings', { ...input.body, organizationId: org }) : api.put<ScheduleSettings>(`/api/schedule-settings/${input.id}`, input.body),
    onSuccess: (saved) => {
      queryClient.setQueryData([...schedulingKeys.settings, org], saved);
      // "Today" and the slots follow the time zone.
      void queryClient.invalidateQueries({ queryKey: schedulingKeys.appointments });
    },
  });
}

export function useSaveReminderSettings() {
  const org = useOrganizationScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: ReminderSettingsBody }) =>
      input.id === null ? api.post<ReminderSettings>('/api/reminder-settings', { ...input.body, organizationId: org }) : api.put<ReminderSettings>(`/api/reminder-settings/${input.id}`, input.body),
    onSuccess: (saved) => queryClient.setQueryData([...schedulingKeys.reminders, org], saved),
  });
}

export function useSaveAppointment() {
  const org = useOrganizationScope();
  const invalidate = useInvalidate(schedulingKeys.appointments, ['dashboard']);
  return useMutation({
    mutationFn: (input: { id: number | null; body: CreateAppointmentBody | UpdateAppointmentBody }) =>
      input.id === null ? api.post<Appointment>('/api/appointments', { ...input.body, organizationId: org }) : api.put<Appointment>(`/api/appointments/${input.id}`, input.body),
    onSuccess: invalidate,
  });
}

export function useCancelAppointment() {
  const invalidate = useInvalidate(schedulingKeys.appointments, ['dashboard']);
  return useMutation({
    mutationFn: (input: { id: number; applyTo?: ApplyTo }) => api.delete<Appointment>(`/api/appointments/${input.id}${input.applyTo === 'following' ? '?applyTo=following' : ''}`),
    onSuccess: invalidate,
  });
}
