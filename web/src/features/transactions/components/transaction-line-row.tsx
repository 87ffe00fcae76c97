import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Undo2 } from 'lucide-react';
import type { LedgerTransaction } from '@shop/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/utils/cn';
import { formatDateTime, formatMoney, formatReason } from '@/utils/format';
import { formatPercentOneDecimal, toKobo } from '@shop/contracts';
import { directionLabel } from '../utils/transaction-groups';

const reasonTones: Record<string, BadgeTone> = {
  purchase: 'info',
  sale: 'brand',
  return: 'success',
  waste: 'danger',
  adjustment: 'warning',
};

export function ReasonBadge({ reason }: { reason: string }) {
  return (
    <Badge tone={reasonTones[reason] ?? 'neutral'} data-testid="reason-badge">
      {formatReason(reason)}
    </Badge>
  );
}

const shortId = (id: string) => id.slice(0, 8);

/**
 * One movement: up arrow, 'Stock In' and + for stock in; down arrow and - for stock out, labelled
 * 'Sale' for a sale and 'Stock Out' for waste or an adjustment. A reversal and the movement it undoes
 * link to each other (the link searches the movement's id, which shows both).
 */
type TransactionLineRowProps = {
  transaction: LedgerTransaction;
  /** Sale lines share one note, shown once on the group instead. */
  showNotes?: boolean;
  /** Shows the movement with this id (and its reversal). */
  onShowMovement?: (movementId: string) => void;
  /** Extra actions for the line (the manager's Reverse). */
  actions?: ReactNode;
};

/** Either link shows the original's id as a search, which lists the original and its reversal together. */
function MovementLink({
  label,
  movementId,
  onShow,
}: {
  label: string;
  movementId: string;
  onShow?: (id: string) => void;
}) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 rounded font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
      onClick={() => onShow?.(movementId)}
      data-testid={label === 'Reversed by' ? 'transaction-reversed-by' : 'transaction-reverses'}
      data-movement-id={movementId}
    >
      <Undo2 className="h-3 w-3" aria-hidden="true" />
      {label} {shortId(movementId)}
    </button>
  );
}

export function TransactionLineRow({
  transaction,
  showNotes = true,
  onShowMovement,
  actions,
}: TransactionLineRowProps) {
  const isIn = transaction.type === 'in';
  const Icon = isIn ? ArrowUp : ArrowDown;
  const hasDiscount = toKobo(transaction.discountAmount) > 0n;
  const typeLabel = directionLabel(transaction.type, transaction.reason);
  // A sale line's type already reads 'Sale': its reason badge would only say it again.
  const showReason = formatReason(transaction.reason) !== typeLabel;

  return (
    <li
      data-testid="transaction-line"
      data-transaction-id={transaction.id}
      data-type={transaction.type}
      data-reversed={transaction.reversedBy ? 'true' : undefined}
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={cn(
            'flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
            isIn ? 'bg-emerald-50 text-emerald-600' : 'bg-rose-50 text-rose-600',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          {/* Wrapped, never cut: an auditor reads the whole name at any width. */}
          <p className="break-words text-sm font-medium text-slate-900" data-testid="transaction-product">
            {transaction.productName ?? 'Unknown Product'}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            {transaction.productSku && <span className="font-mono">{transaction.productSku}</span>}
            <span
              data-testid="transaction-type"
              className={cn('font-medium', isIn ? 'text-emerald-700' : 'text-rose-700')}
            >
              {typeLabel}
            </span>
            {showReason && <ReasonBadge reason={transaction.reason} />}
            <span data-testid="transaction-date">{formatDateTime(transaction.createdAt)}</span>
          </p>
          {(transaction.reversedBy || transaction.reverses) && (
            <p className="mt-1 flex flex-wrap gap-x-3 text-xs">
              {transaction.reversedBy && (
                <MovementLink
                  label="Reversed by"
                  movementId={transaction.reversedBy}
                  onShow={() => onShowMovement?.(transaction.id)}
                />
              )}
              {transaction.reverses && (
                <MovementLink label="Reverses" movementId={transaction.reverses} onShow={onShowMovement} />
              )}
            </p>
          )}
          {showNotes && transaction.notes && (
            <p className="mt-1 text-xs break-words text-slate-600" data-testid="transaction-notes">
              {transaction.notes}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 pl-12 sm:block sm:shrink-0 sm:pl-0 sm:text-right">
        <p className={cn('text-sm font-semibold tabular-nums', isIn ? 'text-emerald-700' : 'text-rose-700')}>
          <span data-testid="transaction-quantity">
            {isIn ? '+' : '-'}
            {transaction.quantity}
          </span>
          {transaction.unitPrice !== null && (
            <span className="ml-1 font-normal text-slate-500">× {formatMoney(transaction.unitPrice)}</span>
          )}
        </p>
        <p className="text-sm text-slate-900 tabular-nums" data-testid="transaction-total">
          {formatMoney(transaction.totalValue)}
        </p>
        {hasDiscount && (
          <p className="w-full text-xs text-emerald-700">
            Discount ({formatPercentOneDecimal(transaction.discountPercentage)}%): -
            {formatMoney(transaction.discountAmount)}
          </p>
        )}
        {actions && <div className="mt-1 w-full sm:flex sm:justify-end">{actions}</div>}
      </div>
    </li>
  );
}
