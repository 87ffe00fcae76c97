import { useEffect, useRef } from 'react';

type Kept = { element: HTMLElement; fallback?: () => HTMLElement | null | undefined };

/**
 * A control pressed from the keyboard and disabled while its call runs drops the focus to <body>.
 * `keepFocus(control)` as the call starts (when the control has the focus) gives it back once `busy`
 * is false again, unless the user has moved the focus elsewhere meanwhile; to `fallback()` when the
 * call's outcome removed the control.
 */
export function useRefocusWhenIdle(busy: boolean) {
  const kept = useRef<Kept | null>(null);
  useEffect(() => {
    const pending = kept.current;
    if (busy || !pending) return;
    kept.current = null;
    const { element, fallback } = pending;
    const active = document.activeElement;
    if (active !== document.body && active !== element) return;
    (element.isConnected ? element : fallback?.())?.focus();
  }, [busy]);
  return {
    keepFocus: (element: HTMLElement | null, fallback?: Kept['fallback']) => {
      if (element && document.activeElement === element) kept.current = { element, fallback };
    },
  };
}
