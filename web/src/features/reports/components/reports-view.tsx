import { useState, type ReactNode } from 'react';
import { QUERY_YEARS } from '@shop/contracts';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { LoadFailed } from '@/components/feedback/load-failed';
import { formatDateTime } from '@/utils/format';
import { dayOrEmpty, useFilterInAddress, type AddressRules } from '@/lib/use-filter-in-address';
import { useInventory } from '../api/get-inventory';
import { useReportSummary } from '../api/get-report-summary';
import { formatLagosDay, lagosLocalToInstant, lagosNowLocal, lagosToday, thisLagosMonth } from '../utils/lagos-dates';
import { AsOfInventory } from './as-of-inventory';
import { CategoryStock } from './category-chart';
import { ExportAsOfButton, ExportButtons } from './export-buttons';
import { KnownAtComparison } from './known-at-comparison';
import { MovementSummary } from './movement-summary';
import { SalesBreakdown } from './sales-breakdown';
import { StockAlerts } from './stock-alerts';
import { SummaryCards } from './summary-cards';

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-col sm:flex-row">
        <div>
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardBody className="min-w-0">{children}</CardBody>
    </Card>
  );
}

const Loading = () => (
  <div className="flex justify-center py-8 text-slate-500">
    <Spinner className="h-5 w-5" />
  </div>
);

/**
 * The instant the range's stock figures are for: the server takes stock at the (exclusive) end of the
 * range, and a range ending after now (this month's, by default) shows stock as it is now.
 */
const stockFiguresAt = (rangeEnd: string, now: Date = new Date()): string =>
  new Date(Math.min(Date.parse(rangeEnd), now.getTime())).toISOString();

type Query = { isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> };

/** A section's failed call(s): Try again asks again those that failed. */
const Failed = ({ what, queries }: { what: 'The report' | 'Stock'; queries: readonly Query[] }) => (
  <LoadFailed
    message={`${what} could not be loaded.`}
    onRetry={() => queries.filter((query) => query.isError).forEach((query) => void query.refetch())}
    retrying={queries.some((query) => query.isFetching)}
    padding="py-6"
    testId={what === 'Stock' ? 'stock-load-failed' : 'report-load-failed'}
  />
);

/** The earliest day the report calls take (QUERY_YEARS): before any sale of the shop. */
const OPEN_START = `${QUERY_YEARS.min}-01-01`;

type ReportChoices = { from: string; to: string; knownAt: string; asOf: string };

/** Days and the datetime-local "as of" as the inputs give them, or empty. */
const addressRules: AddressRules<ReportChoices> = {
  from: dayOrEmpty,
  to: dayOrEmpty,
  knownAt: dayOrEmpty,
  asOf: (value) => value === '' || lagosLocalToInstant(value) !== null,
};

export function ReportsView() {
  // This month by default; in the address (?from=&to=&knownAt=&asOf=), so Back from another page or a
  // reload shows the period and comparison chosen.
  const [defaults] = useState<ReportChoices>(() => ({ ...thisLagosMonth(), knownAt: '', asOf: '' }));
  const [choices, setChoices] = useFilterInAddress(defaults, addressRules);
  const choose = (patch: Partial<ReportChoices>) => setChoices({ ...choices, ...patch });
  const range = { from: choices.from, to: choices.to };
  const asOfLocal = choices.asOf;
  // Stock cannot be known for a time still to come: the picker stops at now, and a later time typed in is refused.
  const asOfMax = lagosNowLocal();
  const futureAsOf = asOfLocal !== '' && lagosLocalToInstant(asOfLocal) !== null && asOfLocal > asOfMax;
  const asOf = futureAsOf ? null : lagosLocalToInstant(asOfLocal);
  const badRange = Boolean(range.from && range.to && range.from > range.to);

  const knownAt = choices.knownAt;
  // Figures as known at a day still to come are not known: a later day typed in is refused.
  const futureKnownAt = knownAt !== '' && knownAt > lagosToday();
  // An empty From is no start at all, as the transactions export reads it: left out of the call, the
  // server would take the first day of To's month and the figures would quietly cover only that month.
  const period = badRange ? thisLagosMonth() : { from: range.from || OPEN_START, to: range.to };
  // While the range is invalid no range figures are shown (not even the last good range's).
  const summary = useReportSummary(period, { enabled: !badRange });
  const knownSummary = useReportSummary(
    { ...period, knownAt },
    { enabled: Boolean(knownAt) && !futureKnownAt && !badRange },
  );
  const current = useInventory(null);
  const asOfInventory = useInventory(asOf);
  const rangeFigures = (figures: ReactNode) =>
    badRange ? (
      <p className="py-6 text-center text-sm text-slate-500" data-testid="report-range-invalid">
        No figures: the start date is after the end date.
      </p>
    ) : (
      figures
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end lg:justify-between">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <label className="min-w-0 text-xs font-medium text-slate-600" htmlFor="report-from">
            From
            <Input
              id="report-from"
              type="date"
              value={range.from}
              max={range.to || undefined}
              onChange={(event) => choose({ from: event.target.value })}
              data-testid="report-range-from"
              className="mt-1"
            />
          </label>
          <label className="min-w-0 text-xs font-medium text-slate-600" htmlFor="report-to">
            To
            <Input
              id="report-to"
              type="date"
              value={range.to}
              min={range.from || undefined}
              onChange={(event) => choose({ to: event.target.value })}
              data-testid="report-range-to"
              className="mt-1"
            />
          </label>
          <label
            className="col-span-2 min-w-0 text-xs font-medium text-slate-600 sm:col-span-1"
            htmlFor="report-known-at"
          >
            As known at (end of day)
            <Input
              id="report-known-at"
              type="date"
              value={knownAt}
              max={lagosToday()}
              onChange={(event) => choose({ knownAt: event.target.value })}
              data-testid="report-known-at"
              aria-invalid={futureKnownAt || undefined}
              aria-describedby={futureKnownAt ? 'report-known-at-error report-known-at-help' : 'report-known-at-help'}
              className="mt-1"
            />
          </label>
        </div>
        <ExportButtons from={range.from} to={range.to} rangeInvalid={badRange} />
      </div>
      <p id="report-known-at-help" className="text-xs text-slate-600">
        Dates are Africa/Lagos days. &ldquo;As known at&rdquo; shows the period as it was reported at the end of that
        day, beside today&apos;s corrected figures.
      </p>
      {badRange && (
        <p id="report-range-error" className="text-sm text-red-600" role="alert" data-testid="report-range-error">
          The start date must be on or before the end date.
        </p>
      )}

      {futureKnownAt && (
        <p id="report-known-at-error" className="text-sm text-red-600" role="alert" data-testid="report-known-at-error">
          Figures as known at a future day are not known yet: choose today or an earlier day.
        </p>
      )}

      {knownAt && !futureKnownAt && !badRange && (
        <Section
          title={`As known at ${formatLagosDay(knownAt)} and today`}
          description="Later corrections (reversals booked on the original sale's date) and later entries change a past period's figures"
        >
          {knownSummary.isPending || summary.isPending ? (
            <Loading />
          ) : knownSummary.isError || summary.isError ? (
            <Failed what="The report" queries={[knownSummary, summary]} />
          ) : (
            <KnownAtComparison
              known={knownSummary.data}
              today={summary.data}
              knownLabel={`the end of ${formatLagosDay(knownAt)}`}
            />
          )}
        </Section>
      )}

      <SummaryCards
        inventory={current.data}
        summary={badRange ? undefined : summary.data}
        rangeInvalid={badRange}
        inventoryFailed={current.isError}
        summaryFailed={summary.isError}
      />

      <Section
        title="Sales in range"
        description="Sales, units and profit (before and net of discounts) per category and per staff member"
      >
        {rangeFigures(
          summary.isPending ? (
            <Loading />
          ) : summary.isError ? (
            <Failed what="The report" queries={[summary]} />
          ) : (
            <SalesBreakdown byCategory={summary.data.byCategory} byStaff={summary.data.byStaff} />
          ),
        )}
      </Section>

      <div className="grid gap-4 2xl:grid-cols-2">
        <Section title="Transaction summary" description="Stock in and out in the range, by reason">
          {rangeFigures(
            summary.isPending ? (
              <Loading />
            ) : summary.isError ? (
              <Failed what="The report" queries={[summary]} />
            ) : (
              <MovementSummary movements={summary.data.movements} />
            ),
          )}
        </Section>
        <Section title="Stock alerts" description="Products out of stock or at or below their minimum level now">
          {current.isPending ? (
            <Loading />
          ) : current.isError ? (
            <Failed what="Stock" queries={[current]} />
          ) : (
            <StockAlerts inventory={current.data} />
          )}
        </Section>
      </div>

      <Section
        title="Inventory by category"
        description={
          summary.data && !badRange
            ? `Stock value per category as of ${formatDateTime(stockFiguresAt(summary.data.stock.asOf))}`
            : undefined
        }
      >
        {rangeFigures(
          summary.isPending ? (
            <Loading />
          ) : summary.isError ? (
            <Failed what="The report" queries={[summary]} />
          ) : (
            <CategoryStock rows={summary.data.stock.byCategory} />
          ),
        )}
      </Section>

      <Section
        title="Stock as of"
        description="Stock and value per product as they were at a past date and time (Lagos time); empty means now"
        action={
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <label className="text-xs font-medium text-slate-600" htmlFor="report-as-of">
              As of
              <Input
                id="report-as-of"
                type="datetime-local"
                step={1}
                value={asOfLocal}
                max={asOfMax}
                onChange={(event) => choose({ asOf: event.target.value })}
                data-testid="report-as-of"
                aria-invalid={futureAsOf || undefined}
                aria-describedby={futureAsOf ? 'report-as-of-error' : undefined}
                className="mt-1"
              />
            </label>
            {asOf && <ExportAsOfButton asOf={asOf} />}
          </div>
        }
      >
        {futureAsOf ? (
          <p
            id="report-as-of-error"
            role="alert"
            className="py-6 text-center text-sm text-red-600"
            data-testid="report-as-of-error"
          >
            Stock as of a future time is not known yet: choose a date and time up to now.
          </p>
        ) : asOfInventory.isPending ? (
          <Loading />
        ) : asOfInventory.isError ? (
          <Failed what="Stock" queries={[asOfInventory]} />
        ) : (
          <AsOfInventory items={asOfInventory.data} asOfLabel={asOf ? `As of ${formatDateTime(asOf)}` : 'Now'} />
        )}
      </Section>
    </div>
  );
}
