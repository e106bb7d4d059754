import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { isStaffRole } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { BrandMark } from '@/components/brand-mark';
import { guideSectionsFor } from '@/features/user-guide/guide-sections';
import { useLabels } from '@/lib/use-labels';
import { GuideSectionCard } from '@/features/user-guide/components/guide-section-card';

export function UserGuideScreen() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const inShell = Boolean(user && isStaffRole(user.role));
  const sections = guideSectionsFor(useLabels());

  useEffect(() => {
    document.title = 'User Guide · Tradebook';
  }, []);

  return (
    <div className={cn(!inShell && 'min-h-screen bg-background px-4 py-6 md:px-8')}>
      <div className="mx-auto max-w-5xl">
        {!inShell && <BrandMark className="mb-6" />}
        <Button variant="outline" size="sm" onClick={() => navigate(user ? '/' : '/login')} className="mb-4">
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <h1 className="text-3xl font-bold tracking-tight">User Guide</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          How to run your business in Tradebook: from your first sign-in to invoices, online booking and payments. Pick a topic or read from the top.
        </p>
        <div className="mt-6 grid gap-6 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Guide topics" className="lg:sticky lg:top-24 lg:self-start">
            <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
              {sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="block rounded-md border px-2.5 py-1 text-xs text-muted-foreground hover:bg-muted hover:text-foreground lg:border-0 lg:px-3 lg:py-1.5 lg:text-sm"
                  >
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="space-y-6">
            {sections.map((s) => (
              <GuideSectionCard key={s.id} section={s} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
