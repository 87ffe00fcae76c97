import type { ReactNode } from 'react';
import { Printer, ReceiptText } from 'lucide-react';
import type { LedgerTransaction } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/utils/format';
import { koboToAmount, sumKobo, toKobo } from '@shop/contracts';
import type { TransactionGroup } from '../utils/transaction-groups';
import { TransactionLineRow } from './transaction-line-row';

type TransactionGroupCardProps = {
  group: TransactionGroup;
  /** Set for till sales: prints the receipt of the whole sale. */
  onPrintReceipt?: () => void;
  onShowMovement?: (movementId: string) => void;
  lineActions?: (line: LedgerTransaction) => ReactNode;
};

export function TransactionGroupCard({
  group,
  onPrintReceipt,
  onShowMovement,
  lineActions,
}: TransactionGroupCardProps) {
  const first = group.lines[0];
  // A sale's returns (an online order moved back from served) come off its total, not on top of it.
  const isSale = group.lines.some((line) => line.type === 'out');
  const sign = (line: LedgerTransaction) => (isSale && line.type === 'in' ? -1 : 1);
  const total = koboToAmount(sumKobo(group.lines.map((line) => toKobo(line.totalValue) * BigInt(sign(line)))));
  const units = group.lines.reduce((sum, line) => sum + sign(line) * line.quantity, 0);
  const reversed = group.lines.filter((line) => line.reversedBy !== null).length;

  return (
    <Card data-testid="transaction-group" data-sale-id={group.saleId ?? undefined} className="overflow-hidden">
      {group.saleId && (
        <div className="flex flex-col gap-2 border-b border-slate-100 bg-slate-50/70 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-2">
            <ReceiptText className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0">
              {/* The sale id is what a paper receipt shows: wrapped whole, never cut, even at 375 px. */}
              <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span
                  className="min-w-0 font-mono text-sm font-medium break-all text-slate-900"
                  data-testid="transaction-sale-id"
                >
                  {group.saleId}
                </span>
                {reversed > 0 && (
                  <Badge tone="warning" data-testid="sale-reversed">
                    {reversed === group.lines.length
                      ? 'Reversed'
                      : `${reversed} of ${group.lines.length} lines reversed`}
                  </Badge>
                )}
              </p>
              <p className="text-xs text-slate-500">
                {first ? formatDateTime(first.createdAt) : ''} · {first?.sellerName} · {group.lines.length} line(s),{' '}
                {units} unit(s) · <span className="font-medium text-slate-700">{formatMoney(total)}</span>
              </p>
              {first?.notes && (
                <p className="mt-0.5 text-xs break-words text-slate-600" data-testid="transaction-notes">
                  {first.notes}
                </p>
              )}
            </div>
          </div>
          {onPrintReceipt && (
            <Button
              variant="outline"
              size="sm"
              onClick={onPrintReceipt}
              aria-label={`Print Receipt for sale ${group.saleId}`}
              data-testid="print-receipt"
            >
              <Printer className="h-4 w-4" aria-hidden="true" />
              Print Receipt
            </Button>
          )}
        </div>
      )}
      <ul className="divide-y divide-slate-100 px-4">
        {group.lines.map((line) => (
          <TransactionLineRow
            key={line.id}
            transaction={line}
            showNotes={!group.saleId}
            onShowMovement={onShowMovement}
            actions={lineActions?.(line)}
          />
        ))}
      </ul>
      {!group.saleId && first && (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">Recorded by {first.sellerName}</p>
      )}
    </Card>
  );
}
