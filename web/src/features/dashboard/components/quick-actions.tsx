import type { ReactNode } from 'react';
import { CircleCheck, ShoppingBag, Truck, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';

/** `onOpenOrders` opens the Online Orders dialog, which the page supplies (it is its own feature). */
export function QuickActions({ onOpenOrders }: { onOpenOrders: () => void }) {
  const { data: metrics } = useDashboardMetrics();
  const count = (value: number | undefined) => (value === undefined ? '—' : String(value));

  return (
    <section aria-label="Quick actions" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <Tile
        testId="quick-tile-units-sold"
        icon={ShoppingBag}
        tone="bg-rose-50 text-rose-600"
        label="Units Sold Today"
        value={count(metrics?.todaysUnitsSold)}
      />
      <button
        type="button"
        onClick={onOpenOrders}
        className="cursor-pointer rounded-xl text-left focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:outline-none"
        aria-label={`Incoming Online Orders: ${count(metrics?.pendingOnlineOrders)}. Open online orders`}
      >
        <Tile
          testId="quick-tile-incoming-orders"
          icon={Truck}
          tone="bg-amber-50 text-amber-600"
          label="Incoming Online Orders"
          value={count(metrics?.pendingOnlineOrders)}
          interactive
          hint="View orders"
        />
      </button>
      <Tile
        testId="quick-tile-served-orders"
        icon={CircleCheck}
        tone="bg-emerald-50 text-emerald-600"
        label="Served Online Orders Today"
        value={count(metrics?.todaysServedOnlineOrders)}
      />
    </section>
  );
}

type TileProps = {
  testId: string;
  icon: LucideIcon;
  tone: string;
  label: string;
  value: string;
  interactive?: boolean;
  hint?: ReactNode;
};

function Tile({ testId, icon: Icon, tone, label, value, interactive, hint }: TileProps) {
  return (
    <Card
      data-testid={testId}
      className={cn(
        'flex h-full items-center gap-4 p-4',
        interactive && 'transition-colors hover:border-rose-300 hover:bg-rose-50/40',
      )}
    >
      <span className={cn('flex h-11 w-11 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p data-testid="tile-value" className="text-xl font-semibold text-slate-900">
          {value}
        </p>
        <p className="text-sm text-slate-500">{label}</p>
        {hint && <p className="text-xs font-medium text-rose-600">{hint}</p>}
      </div>
    </Card>
  );
}
