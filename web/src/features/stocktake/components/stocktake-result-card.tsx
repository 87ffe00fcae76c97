import { CheckCircle2 } from 'lucide-react';
import type { StocktakeSheetResult } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { signedDifference } from '../utils/count-sheet';

/** What the posted stocktake recorded: the adjustments, from the server's answer. */
export function StocktakeResultCard({ result, onDismiss }: { result: StocktakeSheetResult; onDismiss: () => void }) {
  const adjusted = result.lines.filter((line) => line.difference !== 0);
  return (
    <Card className="border-emerald-200 bg-emerald-50/60 p-4" role="status" data-testid="stocktake-result">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 gap-2">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-emerald-900">
              Stocktake posted: {result.lines.length} product(s) counted, {adjusted.length} adjusted
            </p>
            <ul className="mt-1 space-y-0.5 text-emerald-900">
              {adjusted.map((line) => (
                <li key={line.productId} data-testid="stocktake-result-line">
                  {line.productName}: {line.expectedQuantity} → {line.countedQuantity} (
                  {signedDifference(line.difference)})
                </li>
              ))}
            </ul>
          </div>
        </div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Card>
  );
}
