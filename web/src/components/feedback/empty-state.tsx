import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export function EmptyState({
  icon: Icon,
  children,
  testId,
}: {
  icon: LucideIcon;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center justify-center gap-2 py-10 text-center text-sm text-slate-500"
    >
      <Icon className="h-8 w-8 text-slate-300" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
