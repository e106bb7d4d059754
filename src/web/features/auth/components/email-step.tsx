import { useForm } from 'react-hook-form';
import type { SendOtpBody } from '@contracts/auth';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

const validation = lazyZodResolver(() => import('@contracts/auth').then((m) => m.sendOtpBodySchema));

interface EmailStepProps {
  defaultEmail: string;
  isPending: boolean;
  onSubmit: (values: SendOtpBody) => void;
}

export function EmailStep({ defaultEmail, isPending, onSubmit }: EmailStepProps) {
  const form = useForm<SendOtpBody>({ resolver: validation.resolver, defaultValues: { email: defaultEmail } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate onInput={validation.preload} className="space-y-4">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="you@company.com" autoFocus {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={isPending}>
          {isPending ? 'Sending code...' : 'Send verification code'}
        </Button>
      </form>
    </Form>
  );
}
