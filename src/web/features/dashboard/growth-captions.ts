// The cards' captions, computed from the server's growth figures (instead of the fixed +12%, +8%, +5: docs/rules/reports.md#dashboard-cards).
import { toCents } from '@contracts/money';

/** '+12% from last month', '-5% from last month', '0% from last month'; without a base: 'New this month' if there is something now, else nothing. */
export function percentCaption(percent: number | null, current: string | number): string | null {
  if (percent === null) {
    const isSomething = typeof current === 'number' ? current !== 0 : toCents(current) !== 0;
    return isSomething ? 'New this month' : null;
  }
  return `${percent > 0 ? '+' : ''}${percent}% from last month`;
}

/** '+5 this month' for customers added since the month began. */
export function newCustomersCaption(thisMonth: number): string {
  return `+${thisMonth} this month`;
}

export function overdueCaption(count: number): string {
  return `${count} overdue`;
}

/** 'Out of stock' at zero, else 'Low stock' (docs/rules/reports.md#dashboard-lists). */
export function stockLabel(quantity: number): 'Out of stock' | 'Low stock' {
  return quantity <= 0 ? 'Out of stock' : 'Low stock';
}

export function unitsLabel(quantity: number): string {
  return `${quantity} ${quantity === 1 ? 'unit' : 'units'}`;
}
