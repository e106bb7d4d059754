import { useEffect } from 'react';
import { Lock } from 'lucide-react';
import { PublicHeader } from '@/components/public/public-header';

/** The public page behind a payment link; the pay form arrives with the payment links issue. */
export function PaymentScreen() {
  useEffect(() => {
    document.title = 'Secure Payment · Tradebook';
  }, []);
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 md:px-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Lock className="size-5 text-primary" aria-hidden />
          Secure Payment
        </h1>
      </main>
    </div>
  );
}
