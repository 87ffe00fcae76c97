import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { ChunkErrorBoundary } from '@/components/feedback/chunk-error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { STORE_NAME } from '@/config/store';
import { paths } from '@/config/paths';
import { SidebarContent } from './sidebar';

// The offline queue (IndexedDB) and its banner load after the page: no page needs them to first render.
const ConnectionBanner = lazy(async () => ({
  default: (await import('@/features/sales/components/connection-banner')).ConnectionBanner,
}));

/**
 * Signed-in layout. From 768 px (Tailwind `md`) the sidebar is fixed on the left; below that it is
 * collapsed behind a menu button and opens over the page with an overlay.
 */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The drawer is a modal dialog; never leave it open (and the page inert) once the screen is wide.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)');
    const close = () => wide.matches && setMenuOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);

  // Tooltips appear only on signed-in screens: their provider (and Radix's popper) loads with the shell.
  return (
    <TooltipProvider delayDuration={200}>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-rose-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
          data-testid="skip-link"
        >
          Skip to main content
        </a>
        <aside
          data-testid="sidebar"
          className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white md:block"
        >
          <SidebarContent />
        </aside>

        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay
              data-testid="sidebar-overlay"
              className="animate-fade-in fixed inset-0 z-40 bg-slate-900/50 md:hidden"
            />
            <DialogPrimitive.Content
              data-testid="mobile-sidebar"
              aria-describedby={undefined}
              // The menu button is not a Dialog.Trigger, so Radix would leave the focus on <body>.
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                menuButton.current?.focus();
              }}
              className="animate-slide-in fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none md:hidden"
            >
              <DialogPrimitive.Title className="sr-only">Navigation menu</DialogPrimitive.Title>
              <DialogPrimitive.Close
                aria-label="Close menu"
                className="absolute top-5 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </DialogPrimitive.Close>
              <SidebarContent onNavigate={() => setMenuOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>

        <div className="md:pl-64">
          <div className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur md:hidden">
            <button
              ref={menuButton}
              type="button"
              onClick={() => setMenuOpen(true)}
              aria-label="Open menu"
              aria-expanded={menuOpen}
              data-testid="mobile-menu-button"
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
            >
              <Menu className="h-5 w-5" aria-hidden="true" />
            </button>
            <Logo className="h-7 w-7" />
            <span className="font-semibold text-slate-900">{STORE_NAME}</span>
          </div>

          <main
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
          >
            <ChunkErrorBoundary fallback={null}>
              <Suspense fallback={null}>
                <ConnectionBanner tillPath={paths.sales} />
              </Suspense>
            </ChunkErrorBoundary>
            {/* Keyed by page: a screen that failed to load does not stay in the way of the next one. */}
            <ChunkErrorBoundary key={location.pathname}>
              <Suspense
                fallback={
                  <div className="flex justify-center py-24 text-slate-500">
                    <Spinner className="h-6 w-6" />
                  </div>
                }
              >
                <Outlet />
              </Suspense>
            </ChunkErrorBoundary>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
