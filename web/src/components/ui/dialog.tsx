import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/utils/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  children: ReactNode;
  /**
   * A form dialog: on opening, focus goes to its first field rather than the first button (the ×).
   * A form loaded on demand gets the focus as soon as it appears.
   */
  focusFirstField?: boolean;
};

const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not(:disabled)',
  'textarea:not(:disabled)',
  'select:not(:disabled)',
  'button[role="combobox"]:not(:disabled)',
]
  .map((selector) => `form ${selector}`)
  .join(', ');

const firstField = (root: HTMLElement | null) => root?.querySelector<HTMLElement>(FIELD_SELECTOR) ?? null;

/** Each open dialog's opener, by its content element: a dialog that replaces another inherits it. */
const openers = new WeakMap<HTMLElement, { current: HTMLElement | null }>();

/**
 * A dialog that opens as another closes (the password gate giving way to the contact edit dialog)
 * has no opener of its own (<body>, or a field of the closing one): it inherits the closing one's.
 */
const handOver = (focused: Element, target: HTMLElement) => {
  const next = focused.closest<HTMLElement>('[role="dialog"]');
  const nextOpener = next ? openers.get(next) : undefined;
  if (!nextOpener) return;
  const current = nextOpener.current;
  if (!current || current === document.body || !current.isConnected) nextOpener.current = target;
};

export function DialogContent({
  className,
  children,
  focusFirstField = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const fieldObserver = useRef<MutationObserver | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => () => fieldObserver.current?.disconnect(), []);

  // A form that mounts after the dialog opened (lazy): move focus to its first field when it shows,
  // unless the user has already moved it elsewhere. Watched from the opening itself: an effect
  // re-run on each render dropped the wait before a lazy form arrived.
  const focusFieldWhenShown = (root: HTMLElement) => {
    fieldObserver.current?.disconnect();
    const observer = new MutationObserver(() => {
      const field = firstField(root);
      if (!field) return;
      observer.disconnect();
      if (document.activeElement === root || !root.contains(document.activeElement)) field.focus();
    });
    observer.observe(root, { childList: true, subtree: true });
    fieldObserver.current = observer;
  };

  const onOpen = (event: Event) => {
    // Still the element that opened the dialog: focus has not moved in yet.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (contentRef.current) openers.set(contentRef.current, opener);
    onOpenAutoFocus?.(event);
    if (!focusFirstField || event.defaultPrevented) return;
    event.preventDefault();
    const root = contentRef.current;
    const field = firstField(root);
    if (field) {
      field.focus();
    } else if (root) {
      focusFieldWhenShown(root);
      root.focus();
    }
  };

  // Radix gives the focus back only to a Dialog.Trigger; most dialogs here open from state, and closing
  // them left the focus on <body>. Back to the opener, unless focus already went elsewhere (a next
  // dialog, which then returns it there in turn).
  const onClose = (event: Event) => {
    fieldObserver.current?.disconnect();
    onCloseAutoFocus?.(event);
    const target = opener.current;
    opener.current = null;
    if (event.defaultPrevented || !target?.isConnected) return;
    event.preventDefault();
    const focused = document.activeElement;
    if (focused === null || focused === document.body) target.focus();
    else handOver(focused, target);
  };

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        className={cn(
          'animate-pop-in fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-xl border border-slate-200 bg-white p-5 shadow-xl focus:outline-none sm:p-6',
          className ?? 'max-w-lg',
        )}
        ref={contentRef}
        onOpenAutoFocus={onOpen}
        onCloseAutoFocus={onClose}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-5 space-y-1 pr-8', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-500', className)} {...props} />;
}

/** The dialog's actions; marked so that toasts keep clear of them (see the toaster). */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-dialog-footer=""
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
