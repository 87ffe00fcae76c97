import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';

/** Spec section 9: at most one toast at once; a dismissed toast is dropped after 1,000,000 ms. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';
export type ToastAction = { label: string; altText: string; onClick: () => void };
export type ToastInput = { title?: string; description?: string; variant?: ToastVariant; action?: ToastAction };
export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  toasts.filter((item) => !item.open).forEach((item) => scheduleRemoval(item.id));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}

/** Convenience for the catalogue's destructive "Error" toasts. */
export const toastError = (description: string, title = 'Error') =>
  toast({ title, description, variant: 'destructive' });

/**
 * A failed sale's toast. When the server's answer carries a title, it is a toast the spec names for
 * the till ('Insufficient stock' / 'Only N units available for {product}', 'Invalid discount'): shown
 * as it is. Otherwise the catalogue's text under 'Error' (spec section 8: every other failure is
 * titled 'Error', so the other screens keep toastError).
 */
export function toastFailure(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.serverTitle && error.serverMessage)
    return toastError(error.serverMessage, error.serverTitle);
  return toastError(fallback);
}

export const toastSuccess = (description: string, title = 'Success') => toast({ title, description });
