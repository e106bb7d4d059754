import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

interface CodeForm {
  code: string;
}

const validation = lazyZodResolver(() => import('@contracts/auth').then((m) => m.verifyOtpBodySchema.pick({ code: true })));

interface CodeStepProps {
  email: string;
  isPending: boolean;
  onSubmit: (code: string) => void;
  onChangeEmail: () => void;
  /** Registration finishes with the code, so its button says so; sign-in keeps 'Verify and sign in'. */
  submitLabel?: string;
  changeEmailLabel?: string;
  /** Offered where asking again is a plain repeat of the step before (registration). */
  onResend?: () => void;
  isResending?: boolean;
}

export function CodeStep({
  email,
  isPending,
  onSubmit,
  onChangeEmail,
  submitLabel = 'Verify and sign in',
  changeEmailLabel = 'Use different email',
  onResend,
  isResending = false,
}: CodeStepProps) {
  const form = useForm<CodeForm>({ resolver: validation.resolver, defaultValues: { code: '' } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => onSubmit(values.code))} noValidate onInput={validation.preload} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          We sent a 6-digit code to <span className="font-medium break-all text-foreground">{email}</span>.
        </p>
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Verification code</FormLabel>
              <FormControl>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="000000"
                  autoFocus
                  className="text-center font-mono text-lg tracking-[0.5em]"
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={isPending}>
          {isPending ? 'Verifying...' : submitLabel}
        </Button>
        {onResend ? (
          <Button variant="outline" className="w-full" onClick={onResend} disabled={isPending || isResending}>
            {isResending ? 'Sending code...' : 'Send a new code'}
          </Button>
        ) : null}
        <Button variant="ghost" className="w-full" onClick={onChangeEmail} disabled={isPending}>
          {changeEmailLabel}
        </Button>
      </form>
    </Form>
  );
}
