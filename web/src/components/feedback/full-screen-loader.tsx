import { Spinner } from '@/components/ui/spinner';

export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="full-screen-loader"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-slate-50"
    >
      <Spinner className="h-8 w-8 text-rose-600" />
      <p className="text-sm font-medium text-slate-600">{label}</p>
    </div>
  );
}
