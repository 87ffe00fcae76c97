import { FilterX } from 'lucide-react';
import { AUDIT_ENTITIES } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/filters/search-input';
import { SelectField } from '@/components/ui/select';
import { emptyAuditFilter, type AuditFilter } from '../api/get-audit';
import { ENTITY_LABELS } from '../utils/entity-labels';

const ALL = 'all';
const entityOptions = [
  { value: ALL, label: 'All Entities' },
  ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] })),
];

type AuditFiltersProps = {
  value: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  users: readonly { id: string; username: string }[];
};

/** Entity type, user, Lagos date range and free text; every change refetches from the server. */
export function AuditFilters({ value, onChange, users }: AuditFiltersProps) {
  const set = (patch: Partial<AuditFilter>) => onChange({ ...value, ...patch });
  const userOptions = [
    { value: ALL, label: 'All Users' },
    ...users.map((user) => ({ value: user.id, label: user.username })),
  ];
  const filtering = JSON.stringify(value) !== JSON.stringify(emptyAuditFilter);
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="audit-filters">
      <SearchInput
        value={value.q}
        onChange={(q) => set({ q })}
        placeholder="Search what happened: product, SKU, user, order..."
        label="Search the audit trail"
        testId="audit-search"
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-[1fr_1fr_1fr_1fr_auto]">
        <SelectField
          value={value.entity || ALL}
          onValueChange={(entity) => set({ entity: entity === ALL ? '' : (entity as AuditFilter['entity']) })}
          options={entityOptions}
          aria-label="Filter by entity"
          data-testid="audit-entity-filter"
        />
        <SelectField
          value={value.byId || ALL}
          onValueChange={(byId) => set({ byId: byId === ALL ? '' : byId })}
          options={userOptions}
          aria-label="Filter by user"
          data-testid="audit-user-filter"
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span className="w-10 shrink-0">From</span>
          <Input
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
            data-testid="audit-from"
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span className="w-10 shrink-0">To</span>
          <Input
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
            data-testid="audit-to"
          />
        </label>
        <Button
          variant="outline"
          onClick={() => onChange(emptyAuditFilter)}
          disabled={!filtering}
          data-testid="audit-clear-filters"
        >
          <FilterX className="h-4 w-4" aria-hidden="true" />
          Clear Filters
        </Button>
      </div>
    </Card>
  );
}
