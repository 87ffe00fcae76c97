import { useSearchParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import { ProductHistoryDialog, type HistoryMovement } from './product-history-dialog';

/**
 * `?history=<productId>` opens that product's history (the audit trail links here); closing it
 * drops the parameter. Works for deleted products too: their history is kept.
 */
export function LinkedProductHistory({
  entryActions,
}: {
  entryActions?: (movement: HistoryMovement) => ReactNode;
} = {}) {
  const [params, setParams] = useSearchParams();
  const productId = params.get('history');
  if (!productId) return null;
  return (
    <ProductHistoryDialog
      productId={productId}
      productName={null}
      open
      entryActions={entryActions}
      onOpenChange={(open) => {
        if (open) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('history');
            return next;
          },
          { replace: true },
        );
      }}
    />
  );
}
