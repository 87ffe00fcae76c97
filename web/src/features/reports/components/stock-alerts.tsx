import { useState } from 'react';
import type { InventoryItem } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** Alerts listed before "Show all": hundreds of low-stock lines would bury the rest of the page. */
const FIRST = 10;

/** Out-of-stock and low-stock products right now. */
export function StockAlerts({ inventory }: { inventory: readonly InventoryItem[] }) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const groups = [
    { key: 'out', title: 'Out of stock', items: inventory.filter((item) => item.status === 'Out of Stock') },
    { key: 'low', title: 'Low stock', items: inventory.filter((item) => item.status === 'Low Stock') },
  ] as const;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="stock-alerts">
      {groups.map((group) => (
        <section key={group.key} data-testid={`stock-alerts-${group.key}`} className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">
            {group.title} <span className="text-slate-500">({group.items.length})</span>
          </h3>
          {group.items.length === 0 ? (
            <p className="text-sm text-slate-500">None.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-100">
              {(expanded[group.key] ? group.items : group.items.slice(0, FIRST)).map((item) => (
                <li
                  key={item.id}
                  data-testid="stock-alert"
                  data-sku={item.sku}
                  className="flex items-center justify-between gap-2 px-3 py-2 text-sm"
                >
                  <span className="min-w-0">
                    {/* Whole, wrapped: this is the list a manager reorders from. */}
                    <span className="block font-medium wrap-anywhere text-slate-900">{item.name}</span>
                    <span className="font-mono text-xs break-all text-slate-500">{item.sku}</span>
                  </span>
                  <Badge tone={group.key === 'out' ? 'danger' : 'warning'}>
                    {item.currentStock} / min {item.minStockLevel}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          {group.items.length > FIRST && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-1"
              aria-expanded={Boolean(expanded[group.key])}
              onClick={() => setExpanded((current) => ({ ...current, [group.key]: !current[group.key] }))}
              data-testid={`stock-alerts-${group.key}-toggle`}
            >
              {expanded[group.key] ? `Show the first ${FIRST}` : `Show all ${group.items.length}`}
            </Button>
          )}
        </section>
      ))}
    </div>
  );
}
