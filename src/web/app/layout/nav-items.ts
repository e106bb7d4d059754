import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Building2,
  Calculator,
  Calendar,
  CalendarCheck,
  Clock,
  CreditCard,
  DollarSign,
  FileText,
  LayoutDashboard,
  Link2,
  MessageSquare,
  Package,
  Receipt,
  RotateCw,
  Shield,
  TrendingUp,
  Truck,
  UserCog,
  Users,
  UsersRound,
  Wallet,
  Wrench,
  Cpu,
  KeyRound,
} from 'lucide-react';
import type { LabelSet } from '@contracts/vocabulary';
import { canOpenScreen, type MenuPath } from '@contracts/screen-permissions';

export interface NavItem {
  path: MenuPath;
  label: string;
  icon: LucideIcon;
}

/**
 * docs/rules/organizations-and-roles.md#menu: the sidebar's entries, in this order, with these labels; an entry is shown when the
 * user's permissions (role plus extra ones) let its screen load (src/contracts/screen-permissions.ts).
 */
export function navItemsFor(permissions: Iterable<string>, labels: LabelSet): NavItem[] {
  const held = [...permissions];
  const entries: NavItem[] = [
    { path: '/', label: 'Dashboard', icon: LayoutDashboard },
    { path: '/my-day', label: 'My day', icon: CalendarCheck },
    { path: '/super-admin', label: 'Super Admin', icon: Shield },
    { path: '/estimates', label: labels.estimates, icon: FileText },
    { path: '/work-orders', label: labels.workOrders, icon: Wrench },
    { path: '/invoices', label: labels.invoices, icon: Receipt },
    // An icon the signed-in first page already loads: the dashboard has no room in its script budget for one more.
    { path: '/recurring-invoices', label: 'Recurring Billing', icon: RotateCw },
    { path: '/customers', label: labels.customers, icon: Users },
    { path: '/vendors', label: 'Pay Bills', icon: Wallet },
    { path: '/payments', label: 'Payments', icon: DollarSign },
    { path: '/payment-links', label: 'Payment Links', icon: CreditCard },
    { path: '/payment-analytics', label: 'Payment Analytics', icon: TrendingUp },
    { path: '/payment-processors', label: 'Payment Processors', icon: Cpu },
    { path: '/messaging', label: 'Messaging', icon: MessageSquare },
    { path: '/scheduling', label: 'Scheduling', icon: Calendar },
    { path: '/dispatch', label: 'Dispatch', icon: Truck },
    { path: '/team', label: 'Team', icon: UsersRound },
    { path: '/url-shortener', label: 'URL Shortener', icon: Link2 },
    { path: '/inventory', label: labels.inventory, icon: Package },
    { path: '/time-tracking', label: 'Time Tracking', icon: Clock },
    { path: '/reports', label: 'Reports', icon: BarChart3 },
    { path: '/accounting', label: 'Accounting', icon: Calculator },
    { path: '/organization', label: 'Organization', icon: Building2 },
    { path: '/developers', label: 'Developers', icon: KeyRound },
    { path: '/users', label: 'Users', icon: UserCog },
  ];
  return entries.filter((e) => canOpenScreen(held, e.path));
}

/** docs/rules/organizations-and-roles.md#phone-bar: long labels do not fit a fifth of a phone's width. */
function shortLabel(label: string, fallback: string): string {
  return label.length > 8 ? fallback : label;
}

/**
 * The phone bar (docs/rules/organizations-and-roles.md#phone-bar): Dashboard, work orders, customers and Time, without
 * the entries the user cannot open. The bar's More opens a sheet with the rest of the user's menu (moreItemsFor;
 * docs/decisions/018-long-text-toasts-and-the-more-sheet.md).
 */
export function mobileBarItemsFor(permissions: Iterable<string>, labels: LabelSet): NavItem[] {
  const menu = navItemsFor(permissions, labels);
  const quick: NavItem[] = [
    { path: '/', label: 'Dashboard', icon: LayoutDashboard },
    { path: '/work-orders', label: shortLabel(labels.workOrders, 'Jobs'), icon: Wrench },
    { path: '/customers', label: shortLabel(labels.customers, 'Clients'), icon: Users },
    { path: '/time-tracking', label: 'Time', icon: Clock },
  ];
  return quick.filter((item) => menu.some((entry) => entry.path === item.path));
}

/** The More sheet: every menu entry the user can open that the bar does not show, in the menu's order and words. */
export function moreItemsFor(permissions: Iterable<string>, labels: LabelSet): NavItem[] {
  const held = [...permissions];
  const bar = mobileBarItemsFor(held, labels);
  return navItemsFor(held, labels).filter((item) => !bar.some((b) => b.path === item.path));
}

/** Highlight rule: exact match, plus the screens reachable under two paths. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/' || pathname === '/dashboard';
  if (itemPath === '/organization') return pathname === '/organization' || pathname === '/organizations';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
