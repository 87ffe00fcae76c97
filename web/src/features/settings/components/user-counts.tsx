import { ShieldCheck, UserCheck, Users, type LucideIcon } from 'lucide-react';
import type { User } from '@shop/contracts';
import { Card } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { countUsers } from '../utils/user-stats';

type UserCountsProps = {
  users: readonly User[] | undefined;
  isLoading: boolean;
  onShowActiveAssistants: () => void;
};

export function UserCounts({ users, isLoading, onShowActiveAssistants }: UserCountsProps) {
  const counts = users ? countUsers(users) : null;
  const show = (value: number | undefined) => (isLoading || value === undefined ? '—' : String(value));

  return (
    <section aria-label="User counts" data-testid="user-counts" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <CountCard testId="user-count-total" icon={Users} label="Total Users" value={show(counts?.total)} />
      <CountCard testId="user-count-managers" icon={ShieldCheck} label="Managers" value={show(counts?.managers)} />
      <button
        type="button"
        onClick={onShowActiveAssistants}
        data-testid="show-active-assistants"
        className="cursor-pointer rounded-xl text-left focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <CountCard
          testId="user-count-active-assistants"
          icon={UserCheck}
          label="Active Assistants"
          value={show(counts?.activeAssistants)}
          hint="View list"
        />
      </button>
    </section>
  );
}

type CountCardProps = { testId: string; icon: LucideIcon; label: string; value: string; hint?: string };

function CountCard({ testId, icon: Icon, label, value, hint }: CountCardProps) {
  return (
    <Card
      data-testid={testId}
      className={cn('flex h-full items-center gap-4 p-4', hint && 'transition-colors hover:border-rose-300')}
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-rose-50 text-rose-600">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p data-testid="user-count-value" className="text-xl font-semibold text-slate-900 tabular-nums">
          {value}
        </p>
        <p className="text-sm text-slate-500">{label}</p>
        {hint && <p className="text-xs font-medium text-rose-600">{hint}</p>}
      </div>
    </Card>
  );
}
