import { useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';

export const TooltipProvider = TooltipPrimitive.Provider;

/**
 * A tooltip on hover and keyboard focus. `openOnClick`: a click or a tap toggles it too, for a
 * trigger that does nothing else (touch screens have no hover; a tap elsewhere closes it).
 */
export function Tooltip({
  content,
  children,
  openOnClick = false,
}: {
  content: ReactNode;
  children: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  openOnClick?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Radix closes an open tooltip when its trigger is pressed, before the click: the click toggles
  // what was shown at the press (a second tap closes it), and is marked handled so Radix leaves it.
  const openAtPress = useRef<boolean | null>(null);
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    const wasOpen = openAtPress.current ?? open;
    openAtPress.current = null;
    setOpen(!wasOpen);
  };
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
      <TooltipPrimitive.Trigger
        asChild
        onPointerDown={openOnClick ? () => (openAtPress.current = open) : undefined}
        onClick={openOnClick ? toggle : undefined}
      >
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="animate-fade-in z-[70] max-w-xs rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
