import { useEffect } from 'react';
import { Link } from 'react-router';
import { FileQuestion } from 'lucide-react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { Button } from '@/components/ui/button';

export function NotFoundScreen() {
  const { user } = useCurrentUser();
  useEffect(() => {
    document.title = '404 Page Not Found · Tradebook';
  }, []);

  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center p-6">
      <div className="max-w-md text-center">
        <FileQuestion className="mx-auto mb-4 size-12 text-muted-foreground" aria-hidden />
        <p className="text-sm font-semibold text-primary">404 Page Not Found</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="mt-3 text-sm text-muted-foreground">The page you are looking for does not exist or has moved. Check the address, or start again from the home page.</p>
        <Button asChild className="mt-6">
          <Link to={user ? '/' : '/login'}>{user ? 'Go to Dashboard' : 'Go to sign in'}</Link>
        </Button>
      </div>
    </div>
  );
}
