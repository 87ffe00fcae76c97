import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ChunkErrorBoundary } from '@/components/feedback/chunk-error-boundary';
import { useToasts } from '@/components/toast/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

// Radix Toast loads with the first toast, not with the sign-in page; it stays mounted after.
const Toaster = lazy(async () => ({ default: (await import('@/components/toast/toaster')).Toaster }));

function ToasterOnFirstToast() {
  const toasts = useToasts();
  const [mounted, setMounted] = useState(false);
  if (!mounted && toasts.length > 0) setMounted(true);
  if (!mounted) return null;
  // Offline before its chunk was fetched: a small notice with Reload, never a blank screen.
  return (
    <ChunkErrorBoundary variant="inline">
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <ToasterOnFirstToast />
      </SessionProvider>
    </QueryClientProvider>
  );
}
