import { FilterX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchInput } from '@/components/filters/search-input';
import { SelectField } from '@/components/ui/select';
import { formatReason } from '@/utils/format';
import {
  ALL,
  REASON_FILTERS,
  TYPE_FILTERS,
  emptyFilter,
  isFiltering,
  type TransactionFilter,
} from '../utils/transaction-groups';

const reasonOptions = REASON_FILTERS.map((reason) => ({
  value: reason,
  label: reason === ALL ? 'All Reasons' : formatReason(reason),
}));
const typeOptions = TYPE_FILTERS.map(({ value, label }) => ({ value, label: value === ALL ? 'All Types' : label }));

type TransactionFiltersProps = { value: TransactionFilter; onChange: (filter: TransactionFilter) => void };

export function TransactionFilters({ value, onChange }: TransactionFiltersProps) {
  const set = (patch: Partial<TransactionFilter>) => onChange({ ...value, ...patch });
  return (
    <Card className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center">
      <SearchInput
        value={value.search}
        onChange={(search) => set({ search })}
        placeholder="Search by product, SKU, sale id, seller or notes..."
        label="Search transactions"
        testId="transactions-search"
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] lg:flex">
        <SelectField
          value={value.type}
          onValueChange={(type) => set({ type })}
          options={typeOptions}
          aria-label="Filter by type"
          data-testid="transactions-type-filter"
          className="lg:w-40"
        />
        <SelectField
          value={value.reason}
          onValueChange={(reason) => set({ reason })}
          options={reasonOptions}
          aria-label="Filter by reason"
          data-testid="transactions-reason-filter"
          className="lg:w-44"
        />
        <Button
          variant="outline"
          onClick={() => onChange(emptyFilter)}
          disabled={!isFiltering(value)}
          data-testid="transactions-clear-filters"
        >
          <FilterX className="h-4 w-4" aria-hidden="true" />
          Clear Filters
        </Button>
      </div>
    </Card>
  );
}
