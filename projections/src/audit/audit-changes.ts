import { formatNaira, type AuditChange } from '@shop/contracts';
import type { AuditedEvent } from './audit-summary';

/** The cost price in force for a product before an event (null: none recorded yet). */
export type CostBefore = (productId: string) => string | null;

/**
 * What an event changed, before → after, for the auditor. Only values the event itself changes:
 * a stock in that brings a new cost price, a stocktake's count, a status move, (de)activation.
 * Secrets never appear: no event carrying one changes a field listed here.
 */
export function changesOf(event: AuditedEvent, costBefore: CostBefore): AuditChange[] {
  switch (event.type) {
    case 'StockReceived':
    case 'StockIssued': {
      const changes: AuditChange[] = [];
      const { data } = event;
      if (event.type === 'StockReceived' && event.data.costPrice !== null) {
        const before = costBefore(data.productId);
        if (before !== event.data.costPrice) changes.push({ field: 'cost price', before, after: event.data.costPrice });
      }
      if (data.stocktake)
        changes.push({
          field: 'stock',
          before: String(data.stocktake.expectedQuantity),
          after: String(data.stocktake.countedQuantity),
        });
      return changes;
    }
    case 'UserActivationChanged':
      return [
        {
          field: 'status',
          before: event.data.isActive ? 'inactive' : 'active',
          after: event.data.isActive ? 'active' : 'inactive',
        },
      ];
    case 'OnlineOrderStatusChanged':
    case 'SupportStatusChanged':
      return [{ field: 'status', before: event.data.from, after: event.data.to }];
    default:
      return [];
  }
}

/** "cost price ₦1,000.00 → ₦1,100.00": the summary's tail, so free-text search finds price changes. */
export const describeChange = (change: AuditChange): string => {
  const shown = (value: string) => (change.field === 'cost price' ? formatNaira(value) : value);
  return `${change.field} ${change.before === null ? 'none' : shown(change.before)} → ${shown(change.after)}`;
};
