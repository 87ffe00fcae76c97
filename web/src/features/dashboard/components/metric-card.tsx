import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/utils/cn';

export type MetricTone = 'rose' | 'amber' | 'emerald' | 'sky';

const iconTones: Record<MetricTone, string> = {
  rose: 'bg-rose-50 text-rose-600',
  amber: 'bg-amber-50 text-amber-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  sky: 'bg-sky-50 text-sky-600',
};

type MetricCardProps = {
  testId: string;
  title: string;
  value: string;
  subtitle: string;
  icon: LucideIcon;
  tone: MetricTone;
  /** A fixed caption (spec: trends are not computed). */
  trend?: string;
  isLoading?: boolean;
};

/**
 * The figure's size: its class's at most, smaller only when its characters (at most about 0.65 em each in
 * tabular digits; commas and the point are narrower) would not fit the card's width (100cqw, the
 * card being a size container). ₦1,250,000.00 keeps the full size on four cards to a row; a stock
 * value of ₦999,999,999,999.99 shrinks to fit rather than run past the card, at every width.
 */
const fittedSize = (text: string) => ({ fontSize: `min(1em, calc(100cqw / ${(0.65 * text.length).toFixed(1)}))` });

export function MetricCard({ testId, title, value, subtitle, icon: Icon, tone, trend, isLoading }: MetricCardProps) {
  const shown = isLoading ? '—' : value;
  return (
    <Card data-testid={testId} className="@container p-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-500">{title}</p>
        <span className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-lg', iconTones[tone])}>
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
      </div>
      <p
        data-testid="metric-value"
        aria-busy={isLoading || undefined}
        className={cn(
          'mt-1 text-2xl font-semibold tracking-tight whitespace-nowrap text-slate-900 tabular-nums xl:text-xl 2xl:text-2xl',
          isLoading && 'animate-pulse text-slate-300',
        )}
      >
        <span style={fittedSize(shown)}>{shown}</span>
      </p>
      <p data-testid="metric-subtitle" className="mt-2 text-sm text-slate-600">
        {isLoading ? '\u00a0' : subtitle}
      </p>
      {trend && <p className="mt-1 text-xs text-slate-500">{trend}</p>}
    </Card>
  );
}
