import { Sparkles } from 'lucide-react';
import { cn } from '@/utils/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex items-center justify-center rounded-xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-sm',
        className ?? 'h-9 w-9',
      )}
    >
      <Sparkles className="h-1/2 w-1/2" />
    </span>
  );
}
