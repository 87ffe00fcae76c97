import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/utils/cn';

type NoticeProps = {
  icon: LucideIcon;
  title: string;
  message: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'warning' | 'danger';
  /** Full page (public notices) or a block inside the shell. */
  fullScreen?: boolean;
  testId?: string;
  /** h2 when the page already has its own h1 (a page header). */
  headingLevel?: 'h1' | 'h2';
};

const iconTones = {
  neutral: 'bg-rose-50 text-rose-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-red-50 text-red-600',
};

export function Notice({
  icon: Icon,
  title,
  message,
  action,
  tone = 'neutral',
  fullScreen,
  testId,
  headingLevel = 'h1',
}: NoticeProps) {
  const Heading = headingLevel;
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex items-center justify-center px-4',
        fullScreen ? 'min-h-screen bg-slate-50' : 'min-h-[60vh] py-12',
      )}
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className={cn('mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full', iconTones[tone])}>
          <Icon className="h-7 w-7" aria-hidden="true" />
        </div>
        <Heading className="text-xl font-semibold text-slate-900">{title}</Heading>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{message}</p>
        {action && <div className="mt-6 flex justify-center">{action}</div>}
      </div>
    </div>
  );
}
