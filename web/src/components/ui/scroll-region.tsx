import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * A box that scrolls sideways when its content (a wide table) does not fit. While it does scroll it
 * is a named, focusable region, so keyboard users reach every column with Tab and the arrow keys;
 * while everything fits it is no extra tab stop.
 */
export function ScrollRegion({
  label,
  className,
  children,
  testId,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className={cn(
        'max-w-full min-w-0 overflow-x-auto focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none',
        className,
      )}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      data-scrolls={scrolls ? 'true' : 'false'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
