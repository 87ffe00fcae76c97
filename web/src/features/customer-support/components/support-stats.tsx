import { CalendarDays, CalendarRange, CircleCheck, Clock, Inbox, type LucideIcon } from 'lucide-react';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Card } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { useSupportStats } from '../api/get-support-stats';

type Stat = { key: string; label: string; icon: LucideIcon; tone: string; value?: number; caption?: string };

export function SupportStats() {
  const { data: stats, isPending, isError, isFetching, refetch } = useSupportStats();
  const items: Stat[] = [
    {
      key: 'total',
      label: 'Total Requests',
      icon: Inbox,
      tone: 'bg-rose-50 text-rose-600',
      value: stats?.total,
      caption: stats ? `${stats.inProgress} in progress` : undefined,
    },
    { key: 'pending', label: 'Pending', icon: Clock, tone: 'bg-amber-50 text-amber-600', value: stats?.pending },
    {
      key: 'resolved',
      label: 'Resolved',
      icon: CircleCheck,
      tone: 'bg-emerald-50 text-emerald-600',
      value: stats?.resolved,
    },
    { key: 'today', label: 'Today', icon: CalendarDays, tone: 'bg-sky-50 text-sky-600', value: stats?.todayCount },
    {
      key: 'week',
      label: 'This Week',
      icon: CalendarRange,
      tone: 'bg-violet-50 text-violet-600',
      value: stats?.weekCount,
    },
  ];

  return (
    <section
      aria-label="Support statistics"
      data-testid="support-stats"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 lg:gap-4"
    >
      {items.map(({ key, label, icon: Icon, tone, value, caption }) => (
        <Card key={key} data-testid={`support-stat-${key}`} className="flex items-center gap-3 p-4">
          <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p
              data-testid="support-stat-value"
              className={cn(
                'text-xl font-semibold text-slate-900 tabular-nums',
                isPending && !isError && 'text-slate-300',
              )}
            >
              {value ?? '—'}
            </p>
            <p className="text-sm leading-tight text-slate-500">{label}</p>
            {caption && <p className="truncate text-xs text-slate-500">{caption}</p>}
          </div>
        </Card>
      ))}
      {/* The figures keep their dashes; the row under them says why, with a way to ask again. */}
      {isError && (
        <div className="col-span-full">
          <LoadFailed
            message="Support statistics could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
            padding="py-2"
            testId="support-stats-load-failed"
          />
        </div>
      )}
    </section>
  );
}
