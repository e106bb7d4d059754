import { Link } from 'react-router';
import { BookOpen, LogOut } from 'lucide-react';
import { displayName } from '@contracts/format';
import { ROLE_LABELS } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLogout } from '@/lib/auth/use-logout';
import type { DeferredMenuProps } from '@/components/deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export function UserMenuDropdown({ trigger, defaultOpen }: DeferredMenuProps) {
  const { user } = useCurrentUser();
  const { signOut, isSigningOut } = useLogout();
  if (!user) return null;

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium" data-testid="user-menu-name">
            {displayName(user)}
          </p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          <p className="mt-1 text-xs font-medium text-primary" data-testid="user-menu-role">
            {ROLE_LABELS[user.role]}
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/user-guide">
            <BookOpen aria-hidden />
            User Guide
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={isSigningOut}
          // Keep the menu open so 'Signing out...' stays visible until the page changes.
          onSelect={(event) => {
            event.preventDefault();
            signOut();
          }}
        >
          <LogOut aria-hidden />
          {isSigningOut ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
