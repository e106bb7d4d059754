// The dispatch board (docs/rules/team.md#dispatch-board): a day or a week with a row per staff member and the
// unassigned work beside it. A dispatcher drags a card to another person or time (mouse, touch with a short press, or
// the keyboard); the server applies the same rules as any other change and the board refetches either way, so a
// refused move (409) leaves the card where it was and says why.
import { useState, useSyncExternalStore } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { DispatchBoard, DispatchStaff } from '@contracts/dispatch';
import { errorMessage } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { PageHeader } from '@/components/page-header';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useBoardWrites, useDispatchBoard } from '@/features/dispatch/api';
import { addDays, dayLabel, dayStartFor, movedAssignees, orphans, timeOfStart, timeText, weekStart } from '@/features/dispatch/lib/board';
import { DayBoard, type DropTarget } from '@/features/dispatch/components/day-board';
import { WeekBoard } from '@/features/dispatch/components/week-board';
import { UnassignedList } from '@/features/dispatch/components/unassigned-list';
import { PhoneList } from '@/features/dispatch/components/phone-list';
import { itemTitle, OverlayCard, type DragItem } from '@/features/dispatch/components/work-card';

const WIDE = '(min-width: 768px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(WIDE);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * Where a card lands: on a day row, the cell under the card's left edge (its start) for a card already on the board
 * (it keeps its size, so its edge is its time), and under the pointer for one from the side list; on the week view,
 * the day under the pointer. With the keyboard there is no pointer: the card's top left corner decides.
 */
const boardCollision: CollisionDetection = ({ active, collisionRect, droppableContainers, droppableRects, pointerCoordinates }) => {
  const fromBoard = (active.data.current as DragItem | undefined)?.origin === 'board';
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const slot = (container.data.current as DropTarget | undefined)?.kind === 'slot';
    const x = !pointerCoordinates || (slot && fromBoard) ? collisionRect.left + 6 : pointerCoordinates.x;
    const y = pointerCoordinates ? pointerCoordinates.y : collisionRect.top + 6;
    if (x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom) return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
  }
  return [];
};

const STEP: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/** The arrow keys move a lifted card to the next cell in that direction (a half hour, a day, a person). */
const keyboardCells: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = STEP[event.code];
  const from = context.collisionRect;
  if (!step || !from) return undefined;
  event.preventDefault();
  const x = from.left + 6;
  const y = from.top + 6;
  let best: { left: number; top: number; distance: number } | null = null;
  for (const container of context.droppableContainers.getEnabled()) {
    const rect = context.droppableRects.get(container.id);
    if (!rect) continue;
    const inColumn = x >= rect.left && x < rect.right;
    const inRow = y >= rect.top && y < rect.bottom;
    const ahead = step[0] ? (step[0] > 0 ? rect.left > x : rect.right <= x) && inRow : (step[1] > 0 ? rect.top > y : rect.bottom <= y) && inColumn;
    if (!ahead) continue;
    const distance = Math.abs(rect.left - from.left) + Math.abs(rect.top - from.top);
    if (!best || distance < best.distance) best = { left: rect.left, top: rect.top, distance };
  }
  if (!best) return currentCoordinates;
  return { x: currentCoordinates.x + best.left + 2 - from.left, y: currentCoordinates.y + best.top + 2 - from.top };
};

function targetWords(target: DropTarget, staff: readonly DispatchStaff[]): string {
  const name = staff.find((s) => s.id === target.userId)?.name ?? 'someone';
  return target.kind === 'slot' ? `${name}, ${dayLabel(target.date)} at ${timeText(target.time)}` : `${name}, ${dayLabel(target.date)}`;
}

function announcements(staff: readonly DispatchStaff[]): Announcements {
  const over = (o: { data: { current?: unknown } } | null) => (o?.data.current ? targetWords(o.data.current as DropTarget, staff) : 'no place');
  const item = (a: { data: { current?: unknown } }) => (a.data.current ? itemTitle(a.data.current as DragItem) : 'the card');
  return {
    onDragStart: ({ active }) => `Picked up ${item(active)}.`,
    onDragOver: ({ active, over: o }) => `${item(active)} is over ${over(o)}.`,
    onDragEnd: ({ active, over: o }) => (o ? `${item(active)} was dropped on ${over(o)}.` : `${item(active)} was put back.`),
    onDragCancel: ({ active }) => `Moving ${item(active)} was cancelled.`,
  };
}

type View = 'day' | 'week';

export function DispatchScreen() {
  const can = useCan();
  const canDrag = can('manage_appointments');
  const canSchedule = canDrag && can('assign_work_orders');
  const wide = useWide();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'week' ? 'week' : 'day';
  const chosen = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null;
  const first = chosen && view === 'week' ? weekStart(chosen) : chosen;
  const board = useDispatchBoard(first, view === 'week' ? 7 : 1);
  const { move, scheduleJob } = useBoardWrites();
  const [dragging, setDragging] = useState<DragItem | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short press lifts a card on a touch screen, so a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCells }),
  );

  const data: DispatchBoard | undefined = board.data;
  const shownDay = chosen ?? data?.today ?? null;
  const go = (next: { date?: string | null; view?: View }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      const date = next.date === undefined ? chosen : next.date;
      if (date) copy.set('date', date);
      else copy.delete('date');
      const v = next.view ?? view;
      if (v === 'week') copy.set('view', 'week');
      else copy.delete('view');
      return copy;
    });
  const step = (n: number) => shownDay && go({ date: addDays(shownDay, n * (view === 'week' ? 7 : 1)) });

  const onDragStart = (event: DragStartEvent) => setDragging((event.active.data.current as DragItem) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const item = active.data.current as DragItem | undefined;
    const target = over?.data.current as DropTarget | undefined;
    if (!item || !target || !data) return;
    const person = data.staff.find((s) => s.id === target.userId);
    if (!person) return;
    const where = targetWords(target, data.staff);
    if (item.kind === 'job') {
      const time = target.kind === 'slot' ? target.time : dayStartFor(person, target.date);
      scheduleJob.mutate(
        { jobId: item.job.id, date: target.date, time, assigneeIds: [person.id] },
        {
          onSuccess: () => toast({ title: `${item.job.orderNumber} scheduled`, description: `${person.name}, ${dayLabel(target.date)} at ${timeText(time)}` }),
          onError: (error) => toast({ variant: 'destructive', title: 'Could not schedule the job', description: errorMessage(error) }),
        },
      );
      return;
    }
    const a = item.appointment;
    const time = target.kind === 'slot' ? target.time : timeOfStart(a.start);
    const assigneeIds = movedAssignees(
      a.assignees.map((p) => p.id),
      item.fromUserId,
      person.id,
    );
    const same = a.start.startsWith(`${target.date}T${time}`) && assigneeIds.length === a.assignees.length && a.assignees.every((p) => assigneeIds.includes(p.id));
    if (same) return;
    move.mutate(
      { id: a.id, date: target.date, time, assigneeIds },
      {
        onSuccess: () => toast({ title: 'Appointment moved', description: target.kind === 'slot' ? where : `${where} at ${timeText(time)}` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Could not move the appointment', description: errorMessage(error) }),
      },
    );
  };

  const title = data ? (view === 'week' ? `${dayLabel(data.dates[0])} – ${dayLabel(data.dates[data.dates.length - 1])}` : dayLabel(data.dates[0], true)) : '';
  const open = data ? [...data.unassigned, ...orphans(data.appointments, data.staff)].sort((x, y) => x.start.localeCompare(y.start)) : [];
  const saving = move.isPending || scheduleJob.isPending;

  return (
    <div className="mx-auto max-w-[1600px]">
      <PageHeader
        title="Dispatch"
        description={canDrag && wide ? 'Drag a card to another person or time; drag unassigned work onto a person.' : 'Who is on what, day by day.'}
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label={view === 'week' ? 'Previous week' : 'Previous day'} onClick={() => step(-1)} disabled={!shownDay}>
            <ChevronLeft />
          </Button>
          <Button variant="outline" onClick={() => go({ date: null })}>
            Today
          </Button>
          <Button variant="outline" size="icon" aria-label={view === 'week' ? 'Next week' : 'Next day'} onClick={() => step(1)} disabled={!shownDay}>
            <ChevronRight />
          </Button>
        </div>
        <h2 className="order-last w-full min-w-0 truncate text-lg font-semibold sm:order-none sm:w-auto sm:flex-1" data-testid="dispatch-title" aria-live="polite">
          {title}
        </h2>
        <div className="ml-auto flex rounded-md border p-0.5 sm:ml-0" role="group" aria-label="View">
          {(['day', 'week'] as const).map((v) => (
            <Button key={v} size="sm" variant={view === v ? 'secondary' : 'ghost'} aria-pressed={view === v} onClick={() => go({ view: v })}>
              {v === 'day' ? 'Day' : 'Week'}
            </Button>
          ))}
        </div>
      </div>
      {data?.timeZone && <p className="mb-2 text-xs text-muted-foreground">Times are in {data.timeZone.replace(/_/g, ' ')}.{data.truncated ? ' Some work is not shown: too much for one board.' : ''}</p>}
      <PanelStatus
        isPending={!data && board.isPending}
        error={data ? null : board.error}
        isEmpty={!!data && data.staff.length === 0}
        emptyText="No staff members yet."
        failedTitle="Failed to load the board"
        testId="dispatch"
      >
        {data && (
          <DndContext sensors={sensors} collisionDetection={boardCollision} autoScroll={{ threshold: { x: 0.08, y: 0.1 } }} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)} accessibility={{ announcements: announcements(data.staff) }}>
            <div className={cn('flex flex-col gap-4 md:flex-row md:items-start', saving && 'cursor-progress')} aria-busy={saving || board.isFetching}>
              <div className="min-w-0 flex-1">
                {!wide ? (
                  <PhoneList dates={data.dates} staff={data.staff} appointments={data.appointments} />
                ) : view === 'week' ? (
                  <WeekBoard dates={data.dates} today={data.today} staff={data.staff} appointments={data.appointments} canDrag={canDrag} />
                ) : (
                  <DayBoard date={data.dates[0]} staff={data.staff} appointments={data.appointments} canDrag={canDrag} />
                )}
              </div>
              <div className="md:sticky md:top-20 md:max-h-[calc(100vh-6rem)] md:w-56 md:shrink-0 md:overflow-y-auto xl:w-72">
                <UnassignedList appointments={open} jobs={data.jobs} showDates={view === 'week'} canDrag={canDrag && wide} canSchedule={canSchedule && wide} />
              </div>
            </div>
            <DragOverlay dropAnimation={null}>{dragging ? <OverlayCard item={dragging} /> : null}</DragOverlay>
          </DndContext>
        )}
      </PanelStatus>
    </div>
  );
}
