import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/lib/api-client';
import { hardReload } from '@/lib/hard-navigate';
import { toast } from '@/components/ui/use-toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSendOtp } from '@/features/auth/api/send-otp';
import { useVerifyOtp } from '@/features/auth/api/verify-otp';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { HowItWorks } from '@/features/auth/components/how-it-works';
import { EmailStep } from '@/features/auth/components/email-step';
import { CodeStep } from '@/features/auth/components/code-step';
import { AccountNotFoundAlert } from '@/features/auth/components/account-not-found-alert';
import { DevOutboxNote } from '@/features/auth/components/dev-outbox-note';

/** Gives the 'Login successful' toast a moment on screen before the reload replaces the page. */
const RELOAD_DELAY_MS = 500;

function isAccountNotFound(error: unknown): boolean {
  return isApiError(error, 404) || errorMessage(error, '').includes('No account found');
}

export function LoginScreen() {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [notFoundEmail, setNotFoundEmail] = useState<string | null>(null);
  const [isSignedIn, setSignedIn] = useState(false);
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();

  useEffect(() => {
    document.title = 'Sign in · Tradebook';
  }, []);

  const onSendCode = ({ email: address }: { email: string }) => {
    setEmail(address);
    sendOtp.mutate(
      { email: address },
      {
        onSuccess: () => {
          setStep('code');
          toast({ title: 'Code sent', description: 'Check your email for the verification code' });
        },
        onError: (error) => {
          if (isAccountNotFound(error)) setNotFoundEmail(address);
          else toast({ variant: 'destructive', title: 'Could not send code', description: errorMessage(error) });
        },
      },
    );
  };

  const onVerify = (code: string) => {
    verifyOtp.mutate(
      { email, code },
      {
        onSuccess: () => {
          setSignedIn(true);
          toast({ title: 'Login successful', description: 'Welcome back!' });
          window.setTimeout(hardReload, RELOAD_DELAY_MS);
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Invalid code', description: errorMessage(error) }),
      },
    );
  };

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle asHeading="h1" className="text-xl">
            Sign in
          </CardTitle>
          <CardDescription>{step === 'email' ? 'Sign in with a one-time code sent to your email.' : 'Enter your verification code.'}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <HowItWorks />
          {notFoundEmail ? (
            <AccountNotFoundAlert email={notFoundEmail} onTryAgain={() => setNotFoundEmail(null)} />
          ) : step === 'email' ? (
            <EmailStep defaultEmail={email} isPending={sendOtp.isPending} onSubmit={onSendCode} />
          ) : (
            <CodeStep
              email={email}
              isPending={verifyOtp.isPending || isSignedIn}
              onSubmit={onVerify}
              onChangeEmail={() => setStep('email')}
            />
          )}
          <DevOutboxNote />
          <p className="text-center text-sm text-muted-foreground">
            Don&apos;t have an account?{' '}
            <Link to="/register" className="font-medium text-primary hover:underline">
              Create one
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
