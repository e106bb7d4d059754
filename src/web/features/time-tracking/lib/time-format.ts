// How the timer and the entries read (docs/rules/inventory-and-time.md#timer): hours and minutes, times in UTC.
import { useEffect, useState } from 'react';

export function minutesBetween(start: string, end: number): number {
  return Math.max(0, Math.floor((end - new Date(start).getTime()) / 60_000));
}

/** Hours and minutes: "2h 05m". */
export function formatDuration(totalMinutes: number): string {
  return `${Math.floor(totalMinutes / 60)}h ${String(totalMinutes % 60).padStart(2, '0')}m`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
export const formatDay = (iso: string) => dateOnly.format(new Date(iso));

/** "1:45 PM - 5:30 PM UTC", the end with its date when the entry ran past midnight. */
export function formatSpan(start: string, end: string | null): string {
  if (!end) return `${timeOnly.format(new Date(start))} UTC`;
  const sameDay = dateOnly.format(new Date(start)) === dateOnly.format(new Date(end));
  return `${timeOnly.format(new Date(start))} - ${sameDay ? timeOnly.format(new Date(end)) : dateTime.format(new Date(end))} UTC`;
}

/** The current time, again every `intervalMs`, so running durations move on. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
