import { ROLE_LABELS, ROLES, type Role } from '@contracts/permissions';
import type { AdminUser } from '@contracts/admin';
import { displayName } from '@contracts/format';
import { NativeSelect } from '@/components/ui/native-select';

interface RoleSelectProps {
  user: AdminUser;
  /** The role being saved, shown until the list is read again. */
  pendingRole: Role | null;
  /** A super user's own row: nobody changes their own role. */
  disabled: boolean;
  onChange: (user: AdminUser, role: Role) => void;
}

export function RoleSelect({ user, pendingRole, disabled, onChange }: RoleSelectProps) {
  return (
    <NativeSelect
      aria-label={`Role of ${displayName(user)}`}
      title={disabled ? 'You cannot change your own role' : undefined}
      value={pendingRole ?? user.role}
      disabled={disabled || pendingRole !== null}
      onChange={(e) => onChange(user, e.target.value as Role)}
      className="h-8 text-sm"
      data-testid="role-select"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </NativeSelect>
  );
}
