import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { errorMessage } from '@/lib/api-client';
import { hardReload } from '@/lib/hard-navigate';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useRegister } from '@/features/auth/api/register';
import { useVerifyOtp } from '@/features/auth/api/verify-otp';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { CodeStep } from '@/features/auth/components/code-step';
import { DevOutboxNote } from '@/features/auth/components/dev-outbox-note';

interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
}

const validation = lazyZodResolver(() =>
  import('@contracts/auth').then((m) => m.registerBodySchema.pick({ firstName: true, lastName: true, email: true })),
);

const NAME_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

/** Gives the 'Registration successful' toast a moment on screen before the reload replaces the page. */
const RELOAD_DELAY_MS = 500;

/**
 * Registration proves the address (docs/decisions/004-registration-proves-the-address.md): the form sends a code, and
 * the account exists (and is signed in) once the code comes back. The reload then lands where a guest lands.
 */
export function RegisterScreen() {
  const [searchParams] = useSearchParams();
  const organizationSlug = searchParams.get('org');
  const registerUser = useRegister();
  const verifyOtp = useVerifyOtp();
  /** The address the code went to; null while the form shows. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [isSignedIn, setSignedIn] = useState(false);
  const form = useForm<RegisterForm>({
    resolver: validation.resolver,
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  useEffect(() => {
    document.title = 'Create account · Tradebook';
  }, []);

  const sendRegistration = (values: RegisterForm) => {
    registerUser.mutate(
      { ...values, role: 'guest', companyName: '', ...(organizationSlug ? { organizationSlug } : {}) },
      {
        onSuccess: () => {
          setCodeSentTo(values.email.trim());
          toast({ title: 'Code sent', description: 'Check your email for the verification code' });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Registration failed', description: errorMessage(error) }),
      },
    );
  };
  const onSubmit = form.handleSubmit(sendRegistration);

  const onVerify = (code: string) => {
    if (!codeSentTo) return;
    verifyOtp.mutate(
      { email: codeSentTo, code },
      {
        onSuccess: () => {
          setSignedIn(true);
          toast({ title: 'Registration successful', description: 'Your account has been created.' });
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
            Create an account
          </CardTitle>
          <CardDescription>
            {codeSentTo ? 'Enter the code we e-mailed you to finish creating your account.' : 'Sign up to book services, see your invoices and pay online.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {codeSentTo ? (
            <CodeStep
              email={codeSentTo}
              isPending={verifyOtp.isPending || isSignedIn}
              onSubmit={onVerify}
              submitLabel="Verify and create account"
              onResend={form.handleSubmit(sendRegistration)}
              isResending={registerUser.isPending}
              changeEmailLabel="Change details"
              onChangeEmail={() => setCodeSentTo(null)}
            />
          ) : (
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate onInput={validation.preload} className="space-y-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  {NAME_FIELDS.map((f) => (
                    <FormField
                      key={f.name}
                      control={form.control}
                      name={f.name}
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>{f.label}</FormLabel>
                          <FormControl>
                            <Input autoComplete={f.autoComplete} {...field} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  ))}
                </div>
                <FormField
                  control={form.control}
                  name="email"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Email</FormLabel>
                      <FormControl>
                        <Input type="email" autoComplete="email" placeholder="you@company.com" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <Button type="submit" className="w-full" disabled={registerUser.isPending}>
                  {registerUser.isPending ? 'Sending code...' : 'Create account'}
                </Button>
                <p className="text-center text-sm text-muted-foreground">
                  Already have an account?{' '}
                  <Link to="/login" className="font-medium text-primary hover:underline">
                    Sign in
                  </Link>
                </p>
              </form>
            </Form>
          )}
          {codeSentTo ? <DevOutboxNote /> : null}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
