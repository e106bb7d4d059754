import { Link } from 'react-router';
import { UserX } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

interface AccountNotFoundAlertProps {
  email: string;
  onTryAgain: () => void;
}

/** docs/rules/sign-in-and-sessions.md#login-screen: stays until 'Try a different email' clears it. */
export function AccountNotFoundAlert({ email, onTryAgain }: AccountNotFoundAlertProps) {
  return (
    <Alert variant="destructive" data-testid="account-not-found">
      <UserX aria-hidden />
      <AlertTitle>Account not found</AlertTitle>
      <AlertDescription>
        <p>
          No account found for <span className="font-medium break-all">{email}</span>. Check the address or create an account.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onTryAgain}>
            Try a different email
          </Button>
          <Button size="sm" asChild>
            <Link to="/register">Create account</Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
