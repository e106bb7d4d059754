// The team (docs/rules/team.md): the signed-in staff member's calendar link, then everyone on the team with their
// role, hours and online booking; managers change hours and booking, and anyone keeps their own time off.
import { lazy, Suspense, useState } from 'react';
import type { StaffMember } from '@contracts/team';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useCan } from '@/lib/auth/use-can';
import { useTeam, useUpdateStaffMember } from '@/lib/team';
import { ListBlock } from '@/components/list-block';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/ui/use-toast';
import { CalendarFeedCard } from '@/features/team/components/calendar-feed-card';
import { TeamTable } from '@/features/team/components/team-table';

// The dialogs (forms, zod) load when first opened, not with the list.
const HoursDialog = lazy(() => import('@/features/team/components/hours-dialog').then((m) => ({ default: m.HoursDialog })));
const TimeOffDialog = lazy(() => import('@/features/team/components/time-off-dialog').then((m) => ({ default: m.TimeOffDialog })));

/** Who has a calendar of their own: the organization's staff (not the super user, customers or guests). */
const STAFF = new Set(['org_admin', 'manager', 'employee']);

export function TeamScreen() {
  const { user: me } = useCurrentUser();
  const can = useCan();
  const canManage = can('manage_appointments');
  const team = useTeam();
  const update = useUpdateStaffMember();
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [timeOffOf, setTimeOffOf] = useState<StaffMember | null>(null);
  const rows = team.data ? { rows: team.data, total: team.data.length } : undefined;

  const setBookable = (member: StaffMember, bookable: boolean) =>
    update.mutate(
      { userId: member.id, input: { bookable } },
      {
        onSuccess: () => toast({ title: bookable ? `${member.name} can be booked online` : `${member.name} is no longer offered online` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to change online booking', description: errorMessage(error) }),
      },
    );
  const pendingBookable = update.isPending && update.variables.input.bookable !== undefined ? { id: update.variables.userId, bookable: update.variables.input.bookable } : null;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Team" description="Who works when: each person's hours, time off and whether customers can book them online." />
      <div className="grid gap-6">
        {me && STAFF.has(me.role) && <CalendarFeedCard />}
        <ListBlock
          name="team"
          query={{ ...team, data: rows }}
          emptyText="No staff members yet."
          failedTitle="Failed to load the team"
          title={
            <div className="grid gap-1">
              <h2 className="leading-none font-semibold">Staff</h2>
              <p className="text-sm text-muted-foreground">Hours and time off are in the organization's time zone.</p>
            </div>
          }
        >
          {(list) => (
            <TeamTable
              rows={list}
              canManage={canManage}
              pendingBookable={pendingBookable}
              onEditHours={setEditing}
              onTimeOff={setTimeOffOf}
              onBookableChange={setBookable}
            />
          )}
        </ListBlock>
      </div>
      <Suspense fallback={null}>
        {editing && <HoursDialog member={editing} onClose={() => setEditing(null)} />}
        {timeOffOf && <TimeOffDialog member={timeOffOf} canKeep={canManage || timeOffOf.id === me?.id} onClose={() => setTimeOffOf(null)} />}
      </Suspense>
    </div>
  );
}
