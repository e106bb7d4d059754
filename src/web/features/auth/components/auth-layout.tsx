import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-primary/10 via-background to-background px-4 py-10 sm:justify-center">
      <header className="mb-6">
        <Link to="/login" aria-label="Tradebook">
          <BrandMark className="text-2xl" />
        </Link>
      </header>
      <main className="w-full max-w-md">{children}</main>
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        Need help? Read the{' '}
        <Link to="/user-guide" className="font-medium text-primary hover:underline">
          User Guide
        </Link>
        .
      </footer>
    </div>
  );
}
