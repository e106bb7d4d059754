import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Sidebar } from '@/app/layout/sidebar';
import { TopBar } from '@/app/layout/top-bar';
import { pageTitleFor } from '@/app/layout/page-titles';
import { DESKTOP_QUERY, useMediaQuery } from '@/app/layout/use-media-query';
import { useLabels } from '@/lib/use-labels';
import { getImpersonationToken } from '@/lib/impersonation-token';

// The banner (with the impersonation status call and its Exit mutation) loads only in a session that may be an
// impersonation: the same test as isImpersonatingSession (lib/auth/impersonation.ts), which would bring them along.
const ImpersonationBanner = lazy(() => import('@/app/layout/impersonation-banner').then((m) => ({ default: m.ImpersonationBanner })));
// The bottom bar shows only below the shell's breakpoint, so a desktop never loads it (as a closed drawer renders no
// sidebar).
const MobileBar = lazy(() => import('@/app/layout/mobile-bar').then((m) => ({ default: m.MobileBar })));
const mayBeImpersonating = () => getImpersonationToken() !== null || new URLSearchParams(window.location.search).has('impersonating');

export function AppShell({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [isDesktopOpen, setDesktopOpen] = useState(true);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const title = pageTitleFor(pathname, useLabels());

  useEffect(() => {
    document.title = `${title} · Tradebook`;
  }, [title]);

  const isOpen = isDesktop ? isDesktopOpen : isDrawerOpen;
  const toggle = () => (isDesktop ? setDesktopOpen((v) => !v) : setDrawerOpen((v) => !v));

  return (
    <div className="flex min-h-screen flex-col">
      {mayBeImpersonating() && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <div className="flex flex-1">
        <Sidebar
          isOpen={isOpen}
          isDrawer={!isDesktop}
          onClose={() => setDrawerOpen(false)}
          // On small screens the drawer covers the page, so it closes once a page is chosen.
          onNavigate={() => !isDesktop && setDrawerOpen(false)}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar title={title} isSidebarOpen={isOpen} onToggleSidebar={toggle} />
          <main className="flex-1 px-4 pt-4 pb-24 md:px-6 md:pt-6 md:pb-8">{children}</main>
        </div>
      </div>
      {!isDesktop && (
        <Suspense fallback={null}>
          <MobileBar />
        </Suspense>
      )}
    </div>
  );
}
