import { ROLE_LABELS, type Role } from '@contracts/permissions';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// docs/rules/organizations-and-roles.md#roles: super_user purple, org_admin blue, manager green, employee gray, customer orange. Guest has no
// colour there: an outlined neutral badge, so it is not mistaken for an employee.
const ROLE_COLOURS: Record<Role, string> = {
  super_user: 'border-transparent bg-purple-100 text-purple-800',
  org_admin: 'border-transparent bg-blue-100 text-blue-800',
  manager: 'border-transparent bg-green-100 text-green-800',
  employee: 'border-transparent bg-gray-100 text-gray-800',
  customer: 'border-transparent bg-orange-100 text-orange-800',
  guest: 'border-stone-300 bg-transparent text-stone-600',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="secondary" className={cn(ROLE_COLOURS[role])} data-role={role}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
