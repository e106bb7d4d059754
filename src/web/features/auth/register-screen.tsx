import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useRegister } from '@/features/auth/api/register';
import { AuthLayout } from '@/features/auth/components/auth-layout';

interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
}

const validation = lazyZodResolver<RegisterForm>(() =>
  import('@contracts/auth').then((m) => m.registerBodySchema.pick({ firstName: true, lastName: true, email: true })),
);

const NAME_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

export function RegisterScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const organizationSlug = searchParams.get('org');
  const registerUser = useRegister();
  const form = useForm<RegisterForm>({
    resolver: validation.resolver,
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  useEffect(() => {
    document.title = 'Create account · Tradebook';
  }, []);

  const onSubmit = form.handleSubmit((values) => {
    registerUser.mutate(
      { ...values, role: 'guest', companyName: '', ...(organizationSlug ? { organizationSlug } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Registration successful', description: 'Your account has been created. You can now sign in.' });
          navigate('/login');
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Registration failed', description: errorMessage(error) }),
      },
    );
  });

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle asHeading="h1" className="text-xl">
            Create an account
          </CardTitle>
          <CardDescription>Sign up to book services, see your invoices and pay online.</CardDescription>
        </CardHeader>
        <CardContent>
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
                {registerUser.isPending ? 'Creating account...' : 'Create account'}
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                Already have an account?{' '}
                <Link to="/login" className="font-medium text-primary hover:underline">
                  Sign in
                </Link>
              </p>
            </form>
          </Form>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
