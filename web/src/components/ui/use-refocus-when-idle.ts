import { useEffect, useRef } from 'react';

/**
 * A control pressed from the keyboard and disabled while its call runs drops the focus to <body>.
 * `keepFocus(control)` as the call starts (when the control has the focus) gives it back once `busy`
 * is false again, unless the user has moved the focus elsewhere meanwhile.
 */
export function useRefocusWhenIdle(busy: boolean) {
  const control = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const kept = control.current;
    if (busy || !kept) return;
    control.current = null;
    if (document.activeElement === document.body || document.activeElement === kept) kept.focus();
  }, [busy]);
  return {
    keepFocus: (element: HTMLElement | null) => {
      if (element && document.activeElement === element) control.current = element;
    },
  };
}
