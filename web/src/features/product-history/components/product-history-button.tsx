import { useState, type ReactNode } from 'react';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ProductHistoryDialog, type HistoryMovement } from './product-history-dialog';

type ProductHistoryButtonProps = {
  product: { id: string; name: string };
  variant?: 'icon' | 'labelled';
  /** Actions per movement entry (the manager's Reverse). */
  entryActions?: (movement: HistoryMovement) => ReactNode;
};

/** The 'History' action for a products row or an inventory card; owns its dialog. */
export function ProductHistoryButton({ product, variant = 'icon', entryActions }: ProductHistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant === 'icon' ? 'ghost' : 'outline'}
        size={variant === 'icon' ? 'icon' : 'sm'}
        aria-label={`History of ${product.name}`}
        data-testid="product-history-button"
        onClick={() => setOpen(true)}
      >
        <History className="h-4 w-4" aria-hidden="true" />
        {variant === 'labelled' && 'History'}
      </Button>
      {open && (
        <ProductHistoryDialog
          productId={product.id}
          productName={product.name}
          open={open}
          onOpenChange={setOpen}
          entryActions={entryActions}
        />
      )}
    </>
  );
}
