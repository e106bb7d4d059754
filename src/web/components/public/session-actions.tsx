import { Link } from 'react-router';
import { LayoutDashboard, LogIn, LogOut, UserRound } from 'lucide-react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLogout } from '@/lib/auth/use-logout';
import { Button } from '@/components/ui/button';

/** Top right of the public pages: Login, or a welcome with Dashboard and Logout. */
export function SessionActions() {
  const { user, isLoading } = useCurrentUser();
  const { signOut, isSigningOut } = useLogout();
  if (isLoading) return null;
  if (!user) {
    return (
      <Button asChild size="sm">
        <Link to="/login">
          <LogIn aria-hidden />
          Login
        </Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <span className="text-sm text-muted-foreground" data-testid="public-welcome">
        Welcome, {user.firstName || user.email}
      </span>
      {user.role === 'customer' && (
        <Button asChild size="sm" variant="ghost">
          <Link to="/customer-portal">
            <UserRound aria-hidden />
            My account
          </Link>
        </Button>
      )}
      <Button asChild size="sm" variant="outline">
        <Link to="/">
          <LayoutDashboard aria-hidden />
          Dashboard
        </Link>
      </Button>
      <Button size="sm" variant="ghost" onClick={signOut} disabled={isSigningOut}>
        <LogOut aria-hidden />
        {isSigningOut ? 'Signing out...' : 'Logout'}
      </Button>
    </div>
  );
}
