import type { Permission } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';

/** What the signed-in user may do; the server enforces the same table. */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useCurrentUser();
  return (permission) => Boolean(user?.effectivePermissions.includes(permission));
}
