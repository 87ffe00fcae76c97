import { lazy, Suspense } from 'react';
import { ChunkErrorBoundary } from '@/components/feedback/chunk-error-boundary';
import { FullScreenLoader } from '@/components/feedback/full-screen-loader';
import { SESSION_STORAGE_KEY, useSession } from '@/lib/session';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';

// The signed-in shell (sidebar, dialogs, tooltips) and its libraries stay out of the sign-in page's
// first load. With a stored user it is fetched at once, alongside the session check.
const loadAppShell = () => import('../layout/app-shell');
const AppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }));
if (typeof window !== 'undefined' && window.localStorage.getItem(SESSION_STORAGE_KEY) !== null) void loadAppShell();
// Sales queued offline (IndexedDB) are counted after the form shows: their library stays out of its first load.
const QueuedSalesNotice = lazy(async () => ({
  default: (await import('@/features/sales/components/queued-sales-notice')).QueuedSalesNotice,
}));

/** Spec section 2: loading screen, then sign-in when nobody is signed in, else the shell. */
export function SessionGate() {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenLoader />;
  if (!user)
    return (
      <>
        {/* Keyed apart from the shell's boundary: React must unmount the shell, not hide it while this loads. */}
        <ChunkErrorBoundary key="queued-sales" fallback={null}>
          <Suspense fallback={null}>
            <QueuedSalesNotice />
          </Suspense>
        </ChunkErrorBoundary>
        <SignInScreen />
      </>
    );
  return (
    <ChunkErrorBoundary key="app-shell">
      <Suspense fallback={<FullScreenLoader />}>
        <AppShell />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
