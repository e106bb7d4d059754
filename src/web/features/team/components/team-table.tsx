// The team as a table on wide screens and one card per person on phones: role, the hours in force, whether
// customers can book them online, and what the viewer may do (docs/rules/team.md#hours-and-time-off).
import { CalendarOff, Clock } from 'lucide-react';
import { isRole } from '@contracts/permissions';
import type { StaffMember } from '@contracts/team';
import { RoleBadge } from '@/components/role-badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { hoursParts } from '@/features/team/lib/team-display';
import { BookableSwitch } from '@/features/team/components/bookable-switch';

export interface TeamTableProps {
  rows: StaffMember[];
  /** manage_appointments: hours and online booking of anyone. */
  canManage: boolean;
  /** The bookable value being saved for a person, shown until the list has it. */
  pendingBookable: { id: number; bookable: boolean } | null;
  onEditHours: (member: StaffMember) => void;
  onTimeOff: (member: StaffMember) => void;
  onBookableChange: (member: StaffMember, bookable: boolean) => void;
}

function Role({ role }: { role: string }) {
  return isRole(role) ? <RoleBadge role={role} /> : <span className="text-muted-foreground">{role}</span>;
}

function Hours({ member }: { member: StaffMember }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      {/* One line per window; the separator is read (and copied) between them. */}
      <span data-testid="team-hours">
        {hoursParts(member.hours).map((part, i) => (
          <span key={part} className="block lg:whitespace-nowrap">
            {i > 0 && <span className="sr-only">; </span>}
            {part}
          </span>
        ))}
      </span>
      <span className="text-xs text-muted-foreground" data-testid="team-hours-source">
        {member.ownHours ? 'Own hours' : 'Organization hours'}
      </span>
    </div>
  );
}

function Booking({ member, canManage, pendingBookable, onBookableChange }: { member: StaffMember } & Pick<TeamTableProps, 'canManage' | 'pendingBookable' | 'onBookableChange'>) {
  const pending = pendingBookable?.id === member.id;
  const on = pending ? pendingBookable.bookable : member.bookable;
  const text = on ? 'On' : 'Off';
  if (!canManage) return <span data-testid="team-bookable">{text}</span>;
  return (
    <span className="flex items-center gap-2" data-testid="team-bookable">
      <BookableSwitch name={member.name} checked={on} disabled={pending} onCheckedChange={(next) => onBookableChange(member, next)} />
      <span aria-hidden>{text}</span>
    </span>
  );
}

function Actions({ member, canManage, onEditHours, onTimeOff, wide }: { member: StaffMember; wide: boolean } & Pick<TeamTableProps, 'canManage' | 'onEditHours' | 'onTimeOff'>) {
  const size = wide ? 'sm' : 'default';
  return (
    <div className={wide ? 'flex justify-end gap-1' : 'grid grid-cols-2 gap-2'}>
      {canManage && (
        <Button variant={wide ? 'ghost' : 'outline'} size={size} onClick={() => onEditHours(member)} aria-label={`Edit hours for ${member.name}`}>
          <Clock aria-hidden />
          Edit hours
        </Button>
      )}
      <Button
        variant={wide ? 'ghost' : 'outline'}
        size={size}
        className={!canManage && !wide ? 'col-span-2' : undefined}
        onClick={() => onTimeOff(member)}
        aria-label={`Time off for ${member.name}`}
      >
        <CalendarOff aria-hidden />
        Time off
      </Button>
    </div>
  );
}

export function TeamTable(props: TeamTableProps) {
  const { rows } = props;
  return (
    <>
      <div className="hidden lg:block">
        <Table aria-label="Team">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Hours</TableHead>
              <TableHead>Online Booking</TableHead>
              <TableHead className="w-0 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((m) => (
              <TableRow key={m.id} data-testid="team-row" data-id={m.id}>
                <TableCell className="max-w-72 min-w-48">
                  <div className="grid">
                    <span className="truncate font-medium" title={m.name}>
                      {m.name}
                    </span>
                    <span className="truncate text-xs text-muted-foreground" title={m.email}>
                      {m.email}
                    </span>
                  </div>
                </TableCell>
                <TableCell>
                  <Role role={m.role} />
                </TableCell>
                <TableCell>
                  <Hours member={m} />
                </TableCell>
                <TableCell>
                  <Booking member={m} {...props} />
                </TableCell>
                <TableCell className="py-1 pr-2 text-right whitespace-nowrap">
                  <Actions member={m} {...props} wide />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y lg:hidden" aria-label="Team">
        {rows.map((m) => (
          <li key={m.id} className="grid grid-cols-[minmax(0,1fr)] gap-2 px-4 py-3 text-sm" data-testid="team-card" data-id={m.id}>
            <div className="flex items-start justify-between gap-2">
              <div className="grid min-w-0">
                <span className="truncate font-medium">{m.name}</span>
                <span className="truncate text-xs text-muted-foreground">{m.email}</span>
              </div>
              <Role role={m.role} />
            </div>
            <Hours member={m} />
            <div className="flex items-center justify-between gap-2">
              <span className="text-muted-foreground">Online booking</span>
              <Booking member={m} {...props} />
            </div>
            <Actions member={m} {...props} wide={false} />
          </li>
        ))}
      </ul>
    </>
  );
}
