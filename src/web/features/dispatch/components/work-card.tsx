// A card on the board (docs/rules/team.md#dispatch-board): customer, address, service or job, status with its colour.
// For a dispatcher the card is a drag handle (mouse, touch or keyboard: Space or Enter to lift, arrows, Space to drop);
// a small link beside the handle opens the appointment's screen or the job.
import type { CSSProperties } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { ExternalLink, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { DispatchAppointment, DispatchJob } from '@contracts/dispatch';
import { statusText } from '@/components/status-badge';
import { cn } from '@/lib/utils';
import { durationText, timeOfStart, timeText } from '@/features/dispatch/lib/board';

/** What is being dragged, and from where. */
export type DragItem =
  | { kind: 'appointment'; appointment: DispatchAppointment; fromUserId: number | null; origin: 'board' | 'list' }
  | { kind: 'job'; job: DispatchJob; origin: 'list' };

/** The status colour: the card's left edge and its dot. */
const STATUS_EDGE: Record<string, string> = {
  scheduled: 'border-l-blue-500',
  pending: 'border-l-amber-500',
  confirmed: 'border-l-teal-500',
  completed: 'border-l-green-600',
  no_show: 'border-l-rose-500',
  in_progress: 'border-l-violet-500',
};
const STATUS_DOT: Record<string, string> = {
  scheduled: 'bg-blue-500',
  pending: 'bg-amber-500',
  confirmed: 'bg-teal-500',
  completed: 'bg-green-600',
  no_show: 'bg-rose-500',
  in_progress: 'bg-violet-500',
};

export const dragId = (item: DragItem) =>
  item.kind === 'job' ? `job-${item.job.id}` : `appointment-${item.appointment.id}-${item.fromUserId ?? 'open'}-${item.origin}`;

/** Words for the card: what a screen reader hears when it is lifted and what the list shows. */
export function itemTitle(item: DragItem): string {
  if (item.kind === 'job') return `${item.job.orderNumber} ${item.job.title}, ${item.job.customerName}`;
  const a = item.appointment;
  return `${a.customerName ?? 'Appointment'}, ${a.jobTitle ?? a.serviceName ?? 'Appointment'}, ${timeText(timeOfStart(a.start))}`;
}

function Status({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-[11px] leading-none text-muted-foreground">
      <span aria-hidden className={cn('size-2 shrink-0 rounded-full', STATUS_DOT[status] ?? 'bg-slate-400')} />
      {statusText(status)}
    </span>
  );
}

export interface WorkCardProps {
  item: DragItem;
  /** Whether the viewer may drag it (manage_appointments; for a job, assign_work_orders too). */
  canDrag: boolean;
  /** 'block' fills its place on a day row (width set by the row); 'stack' is a card in a list. */
  layout: 'block' | 'stack';
  style?: CSSProperties;
  /** The copy that follows the pointer while dragging. */
  overlay?: boolean;
}

export function WorkCard(props: Omit<WorkCardProps, 'overlay'>) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dragId(props.item), data: props.item, disabled: !props.canDrag });
  return <CardView {...props} handle={props.canDrag ? { ...attributes, ...listeners } : {}} nodeRef={setNodeRef} isDragging={isDragging} />;
}

/** The copy under the pointer while a card is dragged. */
export function OverlayCard({ item }: { item: DragItem }) {
  return <CardView item={item} canDrag layout="stack" overlay handle={{}} isDragging={false} style={{ height: '100%' }} />;
}

interface CardViewProps extends WorkCardProps {
  handle: object;
  nodeRef?: (node: HTMLElement | null) => void;
  isDragging: boolean;
}

function CardView({ item, canDrag, layout, style, overlay = false, handle, nodeRef, isDragging }: CardViewProps) {
  const appointment = item.kind === 'appointment' ? item.appointment : null;
  const status = appointment?.status ?? (item.kind === 'job' ? item.job.status : 'scheduled');
  const customer = appointment ? appointment.customerName : item.kind === 'job' ? item.job.customerName : null;
  const address = appointment ? appointment.address : item.kind === 'job' ? item.job.address : null;
  const what = appointment
    ? appointment.jobTitle
      ? `${appointment.orderNumber} ${appointment.jobTitle}`
      : (appointment.serviceName ?? 'Appointment')
    : item.kind === 'job'
      ? `${item.job.orderNumber} ${item.job.title}`
      : '';
  const when = appointment ? `${timeText(timeOfStart(appointment.start))} · ${durationText(appointment.duration)}` : item.kind === 'job' && item.job.estimatedMinutes ? `About ${durationText(item.job.estimatedMinutes)}` : null;
  const href = appointment ? (appointment.workOrderId ? `/work-orders?open=${appointment.workOrderId}` : '/scheduling') : item.kind === 'job' ? `/work-orders?open=${item.job.id}` : '/scheduling';
  const linkLabel = appointment ? (appointment.workOrderId ? `Open job ${appointment.orderNumber}` : 'Open in Scheduling') : `Open job ${item.kind === 'job' ? item.job.orderNumber : ''}`;

  return (
    <div
      ref={nodeRef}
      style={style}
      data-testid={overlay ? 'dispatch-drag-overlay' : 'dispatch-card'}
      data-kind={item.kind}
      data-id={appointment ? appointment.id : item.kind === 'job' ? item.job.id : undefined}
      data-person={item.kind === 'appointment' ? (item.fromUserId ?? '') : ''}
      data-status={status}
      className={cn(
        'group relative overflow-hidden rounded-md border border-l-4 bg-card text-left shadow-xs',
        STATUS_EDGE[status] ?? 'border-l-slate-400',
        layout === 'block' ? 'absolute inset-y-1' : 'w-full',
        isDragging && 'opacity-40',
        overlay && 'cursor-grabbing shadow-lg ring-2 ring-primary/40',
      )}
    >
      <div
        {...handle}
        className={cn('h-full min-w-0 px-2 py-1 pr-6 outline-none focus-visible:ring-2 focus-visible:ring-ring', canDrag && 'cursor-grab touch-manipulation')}
      >
        {/* The handle's name is its text, so what is read is what is seen; "Move" says what it does. */}
        {canDrag && !overlay && <span className="sr-only">Move </span>}
        {when && <p className="truncate text-[11px] leading-4 text-muted-foreground">{when}</p>}
        <p className="truncate text-xs leading-4 font-semibold" data-testid="dispatch-card-customer">
          {customer ?? 'No customer'}
        </p>
        <p className="truncate text-xs leading-4">{what}</p>
        {address && (
          <p className="flex min-w-0 items-center gap-0.5 truncate text-[11px] leading-4 text-muted-foreground">
            <MapPin aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{address}</span>
          </p>
        )}
        <Status status={status} />
        {item.kind === 'job' && item.job.crew.length > 0 && <p className="truncate text-[11px] leading-4 text-muted-foreground">Crew: {item.job.crew.map((c) => c.name).join(', ')}</p>}
        {appointment && appointment.assignees.length > 1 && (
          <p className="truncate text-[11px] leading-4 text-muted-foreground">With {appointment.assignees.filter((p) => p.id !== (item.kind === 'appointment' ? item.fromUserId : null)).map((p) => p.name).join(', ')}</p>
        )}
      </div>
      {!overlay && (
        <Link
          to={href}
          aria-label={linkLabel}
          title={linkLabel}
          className="absolute top-0.5 right-0.5 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ExternalLink aria-hidden className="size-3" />
        </Link>
      )}
    </div>
  );
}
