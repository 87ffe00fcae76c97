import { useEffect, useState, type RefObject } from 'react';

/** Where the toasts sit bottom right (spec section 9: at the top on small screens). */
const WIDE = '(min-width: 768px)';
/** The viewport's p-4. */
const PADDING = 16;

/** The footer (the main action) of the topmost open dialog, if any. */
function openDialogFooter(): HTMLElement | null {
  const footers = document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"] [data-dialog-footer]');
  return footers[footers.length - 1] ?? null;
}

/**
 * How far (px) to lift the bottom-right toasts so they end above an open dialog's footer: a centred
 * dialog that is tall for the window reaches down to them, and a refused submit left its toast over
 * the very button to try again with (Record Stock Out at 1024 × 768). Zero when nothing is in the way.
 */
export function useDialogFooterClearance(active: boolean, viewport: RefObject<HTMLElement | null>): number {
  const [lift, setLift] = useState(0);

  useEffect(() => {
    if (!active) {
      setLift(0);
      return;
    }
    const measure = () => {
      const footer = openDialogFooter();
      const column = viewport.current;
      const toast = column?.querySelector('li');
      if (!footer || !column || !toast || !window.matchMedia(WIDE).matches) return setLift(0);
      // Where the toasts would be unlifted: bottom right, inside the column's 16 px padding.
      const height = window.innerHeight;
      const toastsTop = height - column.getBoundingClientRect().height + PADDING;
      const toastsLeft = toast.getBoundingClientRect().left;
      const footerBox = footer.getBoundingClientRect();
      const actionsRight = Math.max(...Array.from(footer.children, (child) => child.getBoundingClientRect().right));
      const inTheWay = actionsRight > toastsLeft && footerBox.bottom > toastsTop && footerBox.top < height - PADDING;
      setLift(inTheWay ? Math.ceil(height - footerBox.top) : 0);
    };
    measure();
    // A dialog opening, growing (field errors), scrolling or animating in while the toast is up.
    const observer = new MutationObserver(measure);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    window.addEventListener('resize', measure);
    document.addEventListener('scroll', measure, true);
    document.addEventListener('animationend', measure, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      document.removeEventListener('scroll', measure, true);
      document.removeEventListener('animationend', measure, true);
    };
  }, [active, viewport]);

  return lift;
}
