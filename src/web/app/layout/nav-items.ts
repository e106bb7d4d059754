import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Building2,
  Calendar,
  Clock,
  CreditCard,
  DollarSign,
  FileText,
  LayoutDashboard,
  Link2,
  MessageSquare,
  Package,
  Receipt,
  Shield,
  TrendingUp,
  UserCog,
  Users,
  Wallet,
  Wrench,
  Cpu,
} from 'lucide-react';
import type { Role } from '@contracts/permissions';
import type { LabelSet } from '@contracts/vocabulary';

export interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
}

interface NavEntry extends NavItem {
  roles?: readonly Role[];
}

/** Part 1 section 2: the sidebar's entries, in this order, with these labels and role rules. */
export function navItemsFor(role: Role, labels: LabelSet): NavItem[] {
  const entries: NavEntry[] = [
    { path: '/', label: 'Dashboard', icon: LayoutDashboard },
    { path: '/super-admin', label: 'Super Admin', icon: Shield, roles: ['super_user'] },
    { path: '/estimates', label: labels.estimates, icon: FileText },
    { path: '/work-orders', label: labels.workOrders, icon: Wrench },
    { path: '/invoices', label: labels.invoices, icon: Receipt },
    { path: '/customers', label: labels.customers, icon: Users },
    { path: '/vendors', label: 'Pay Bills', icon: Wallet },
    { path: '/payments', label: 'Payments', icon: DollarSign },
    { path: '/payment-links', label: 'Payment Links', icon: CreditCard },
    { path: '/payment-analytics', label: 'Payment Analytics', icon: TrendingUp },
    { path: '/payment-processors', label: 'Payment Processors', icon: Cpu, roles: ['super_user'] },
    { path: '/messaging', label: 'Messaging', icon: MessageSquare },
    { path: '/scheduling', label: 'Scheduling', icon: Calendar },
    { path: '/url-shortener', label: 'URL Shortener', icon: Link2 },
    { path: '/inventory', label: labels.inventory, icon: Package },
    { path: '/time-tracking', label: 'Time Tracking', icon: Clock },
    { path: '/reports', label: 'Reports', icon: BarChart3 },
    { path: '/organization', label: 'Organization', icon: Building2, roles: ['super_user', 'org_admin'] },
    { path: '/users', label: 'Users', icon: UserCog, roles: ['super_user', 'org_admin'] },
  ];
  return entries.filter((e) => !e.roles || e.roles.includes(role)).map(({ path, label, icon }) => ({ path, label, icon }));
}

/** Highlight rule: exact match, plus the screens reachable under two paths. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/' || pathname === '/dashboard';
  if (itemPath === '/organization') return pathname === '/organization' || pathname === '/organizations';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
