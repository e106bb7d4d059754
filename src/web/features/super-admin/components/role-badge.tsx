import { ROLE_LABELS, type Role } from '@contracts/permissions';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const ROLE_COLOURS: Record<Role, string> = {
  super_user: 'bg-purple-100 text-purple-800',
  org_admin: 'bg-blue-100 text-blue-800',
  manager: 'bg-green-100 text-green-800',
  employee: 'bg-gray-100 text-gray-800',
  customer: 'bg-orange-100 text-orange-800',
  guest: 'bg-slate-200 text-slate-800',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', ROLE_COLOURS[role])} data-role={role}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
