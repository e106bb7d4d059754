// Whom a visitor may choose for a service (docs/rules/team.md#online-booking): nobody unless the organization lets
// customers choose; then the people the booking page lists who perform that service.
import type { PublicSchedule } from '@contracts/scheduling';

export type PublicPerson = PublicSchedule['staff'][number];

export function performersOf(schedule: { settings: Pick<PublicSchedule['settings'], 'allowStaffChoice'>; staff: readonly PublicPerson[] }, serviceId: number | null): PublicPerson[] {
  if (!schedule.settings.allowStaffChoice || serviceId === null) return [];
  return schedule.staff.filter((p) => p.serviceIds.includes(serviceId));
}

/** The booking call's `staffId`: the chosen person while they still perform the service, else left out (any available). */
export function chosenStaff(people: readonly { id: number }[], staffId: number | null): { staffId: number } | Record<string, never> {
  return staffId !== null && people.some((p) => p.id === staffId) ? { staffId } : {};
}
