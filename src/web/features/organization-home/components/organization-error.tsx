import { Link } from 'react-router';
import { Building2 } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';

/** 'Organization Not Found' for an unknown slug, 'Error Loading Organization' for anything else. */
export function OrganizationError({ error, onRetry, notFoundTitle = 'Organization Not Found' }: { error: unknown; onRetry: () => void; notFoundTitle?: string }) {
  const isNotFound = isApiError(error, 404);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <Building2 className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">{isNotFound ? notFoundTitle : 'Error Loading Organization'}</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {isNotFound
          ? 'There is no organization at this address. Check the link you were given.'
          : 'We could not load this page right now. Please try again in a moment.'}
      </p>
      <div className="flex gap-2">
        {!isNotFound && <Button onClick={onRetry}>Try again</Button>}
        <Button variant="outline" asChild>
          <Link to="/login">Go to sign in</Link>
        </Button>
      </div>
    </div>
  );
}
