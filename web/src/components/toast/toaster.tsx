import { useRef } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/utils/cn';
import { useDialogFooterClearance } from './use-dialog-footer-clearance';
import { dismissToast, useToasts } from './use-toast';

/**
 * Top on small screens (below 768 px, where the sidebar collapses too), bottom right on wider, lifted
 * above an open dialog's footer; swipe right 50 px; F8 focuses the viewport.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const lift = useDialogFooterClearance(
    toasts.some((toast) => toast.open),
    viewport,
  );
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant = 'default', open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => !next && dismissToast(id)}
          data-testid="toast"
          data-variant={variant}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg',
            variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid flex-1 gap-1">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && (
              <Toast.Description className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-600')}>
                {description}
              </Toast.Description>
            )}
          </div>
          {action && (
            <Toast.Action
              altText={action.altText}
              onClick={action.onClick}
              className={cn(
                'inline-flex h-8 shrink-0 items-center rounded-md border px-3 text-sm font-medium',
                variant === 'destructive' ? 'border-red-300 hover:bg-red-700' : 'border-slate-300 hover:bg-slate-50',
              )}
            >
              {action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:outline-none',
              variant === 'destructive'
                ? 'text-red-50 focus-visible:ring-red-300'
                : 'text-slate-500 focus-visible:ring-rose-300',
            )}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        hotkey={['F8']}
        style={lift > 0 ? { bottom: lift } : undefined}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none md:top-auto md:right-0 md:bottom-0 md:max-w-[420px] md:flex-col"
      />
    </Toast.Provider>
  );
}
