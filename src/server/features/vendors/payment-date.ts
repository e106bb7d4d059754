// "Today" for a payment recorded without a date: the UTC calendar date, as a date input would send it.
export function todayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
