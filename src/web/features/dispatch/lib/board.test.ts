import { describe, expect, it } from 'vitest';
import type { DispatchAppointment, DispatchStaff } from '@contracts/dispatch';
import { dayStartFor, dayWindow, isOffHours, movedAssignees, placement, slotTimes, timeText, weekStart } from './board';

const person = (over: Partial<DispatchStaff> = {}): DispatchStaff => ({
  id: 1,
  name: 'Ana Lopez',
  role: 'employee',
  hours: [{ date: '2031-03-04', enabled: true, start: '08:00', end: '12:30' }],
  timeOff: [],
  ...over,
});
const appt = (start: string, duration = 60): DispatchAppointment => ({
  id: 1,
  start,
  duration,
  bufferBefore: 0,
  bufferAfter: 0,
  status: 'scheduled',
  serviceId: 1,
  serviceName: 'Tune-up',
  customerId: null,
  customerName: 'Pat',
  address: null,
  workOrderId: null,
  orderNumber: null,
  jobTitle: null,
  assignees: [{ id: 1, name: 'Ana Lopez' }],
});

describe('the day view', () => {
  it('spans 7:00 to 19:00, wider for early hours or late appointments', () => {
    expect(dayWindow('2031-03-04', [person()], [])).toEqual({ start: 420, end: 1140 });
    expect(dayWindow('2031-03-04', [person({ hours: [{ date: '2031-03-04', enabled: true, start: '06:30', end: '12:00' }] })], [appt('2031-03-04T19:00:00', 90)])).toEqual({ start: 360, end: 1260 });
    expect(slotTimes({ start: 420, end: 540 })).toEqual(['07:00', '07:30', '08:00', '08:30']);
  });

  it('shades cells outside the person’s hours and on their time off', () => {
    const p = person({ timeOff: [{ startsAt: '2031-03-04T10:00:00', endsAt: '2031-03-04T11:00:00', reason: null }] });
    expect(isOffHours(p, '2031-03-04', '07:30')).toBe(true);
    expect(isOffHours(p, '2031-03-04', '08:00')).toBe(false);
    expect(isOffHours(p, '2031-03-04', '10:30')).toBe(true);
    expect(isOffHours(p, '2031-03-04', '12:00')).toBe(false);
    expect(isOffHours(p, '2031-03-04', '12:30')).toBe(true);
    expect(isOffHours(p, '2031-03-05', '09:00')).toBe(true);
  });

  it('places a card by its time and length', () => {
    expect(placement(appt('2031-03-04T09:00:00', 90), { start: 420, end: 1140 })).toEqual({ left: 120 / 720, width: 90 / 720 });
  });
});

describe('a drop', () => {
  it('replaces the person dragged from with the one dropped on, keeping the others', () => {
    expect(movedAssignees([1, 2], 1, 3)).toEqual([3, 2]);
    expect(movedAssignees([1, 2], 1, 2)).toEqual([2]);
    expect(movedAssignees([], null, 3)).toEqual([3]);
    expect(movedAssignees([1], 1, 1)).toEqual([1]);
  });

  it('starts a job dropped on a whole day at the person’s first hour', () => {
    expect(dayStartFor(person(), '2031-03-04')).toBe('08:00');
    expect(dayStartFor(person(), '2031-03-05')).toBe('09:00');
  });
});

it('reads times and weeks as people do', () => {
  expect(timeText('13:30')).toBe('1:30 PM');
  expect(timeText('07:00', true)).toBe('7 AM');
  expect(weekStart('2031-03-05')).toBe('2031-03-02');
});
