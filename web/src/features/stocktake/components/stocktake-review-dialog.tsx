import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { signedDifference, type SheetLine } from '../utils/count-sheet';

type StocktakeReviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  counted: readonly SheetLine[];
  notes: string;
  isPosting: boolean;
  error: string | null;
  onPost: () => void;
};

/** The last look before posting: what will be adjusted, and by how much. Posting is one request. */
export function StocktakeReviewDialog({
  open,
  onOpenChange,
  counted,
  notes,
  isPosting,
  error,
  onPost,
}: StocktakeReviewDialogProps) {
  const differences = counted.filter((line) => line.difference !== 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="stocktake-review">
        <DialogHeader>
          <DialogTitle>Post this stocktake?</DialogTitle>
          <DialogDescription>
            {counted.length} product(s) counted, {differences.length} with a difference. Each difference is recorded as
            an adjustment with your name and these notes: “{notes.trim()}”.
          </DialogDescription>
        </DialogHeader>
        {differences.length === 0 ? (
          <p className="text-sm text-slate-600">Every count matches the ledger: nothing will be adjusted.</p>
        ) : (
          <ul
            className="max-h-64 divide-y divide-slate-100 overflow-y-auto text-sm"
            data-testid="stocktake-review-lines"
          >
            {differences.map(({ product, countedQuantity, difference }) => (
              <li key={product.id} className="flex items-center justify-between gap-3 py-2" data-testid="review-line">
                <span className="min-w-0 break-words">
                  {product.name} <span className="font-mono text-xs wrap-anywhere text-slate-600">{product.sku}</span>
                </span>
                <span className="shrink-0 tabular-nums">
                  {product.currentStock} → {countedQuantity}{' '}
                  <span className={difference! < 0 ? 'font-semibold text-red-700' : 'font-semibold text-emerald-700'}>
                    ({signedDifference(difference!)})
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p
            role="alert"
            className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700"
            data-testid="stocktake-error"
          >
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep counting
          </Button>
          <Button onClick={onPost} disabled={isPosting} data-testid="stocktake-post">
            {isPosting && <Spinner />}
            {isPosting ? 'Posting...' : 'Post stocktake'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
