import type { KeyboardEvent, RefObject } from 'react';
import { Input, unitCountInputProps } from '@/components/ui/input';
import { cn } from '@/utils/cn';
import { signedDifference, type SheetLine } from '../utils/count-sheet';

type CountSheetTableProps = {
  lines: readonly SheetLine[];
  onCount: (productId: string, counted: string) => void;
  /** Count inputs by product id: the scan box moves focus to them. */
  inputRefs: RefObject<Map<string, HTMLInputElement>>;
  /** Enter in a count field: back to the scan box for the next product. */
  onCountEntered: () => void;
};

/** A column title abbreviated on phones, read in full by screen readers. */
function ShortLabel({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span className="sr-only sm:not-sr-only">{full}</span>
    </>
  );
}

const differenceTone = (difference: number | null) =>
  difference === null || difference === 0 ? 'text-slate-600' : difference < 0 ? 'text-red-700' : 'text-emerald-700';

/** Expected (the ledger's stock now), counted, and the difference, per product. */
export function CountSheetTable({ lines, onCount, inputRefs, onCountEntered }: CountSheetTableProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onCountEntered();
  };
  return (
    <table className="w-full text-sm" data-testid="count-sheet">
      <caption className="sr-only">Count sheet: expected and counted stock per product</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-600">
          <th scope="col" className="py-2 pr-2">
            Product
          </th>
          <th scope="col" className="px-1 py-2 text-right sm:px-2">
            <ShortLabel short="Exp." full="Expected" />
          </th>
          <th scope="col" className="px-1 py-2 text-right sm:px-2">
            Counted
          </th>
          <th scope="col" className="py-2 pl-1 text-right sm:pl-2">
            <ShortLabel short="Diff." full="Difference" />
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {lines.map(({ product, counted, countedQuantity, difference }) => {
          const invalid = countedQuantity !== null && Number.isNaN(countedQuantity);
          const inputId = `count-${product.id}`;
          return (
            <tr
              key={product.id}
              data-testid="count-sheet-line"
              data-product-id={product.id}
              data-sku={product.sku}
              className={cn(difference !== null && difference !== 0 && 'bg-amber-50/60')}
            >
              <td className="py-2 pr-2 align-middle">
                {/* wrap-anywhere, not break-words: a table column is only as narrow as its longest word allows
                    under break-words, so a long one pushed Counted out of the card at 375 px. */}
                <label htmlFor={inputId} className="block font-medium wrap-anywhere text-slate-900">
                  {product.name}
                </label>
                <span className="font-mono text-xs break-all text-slate-600">{product.sku}</span>
              </td>
              <td className="px-1 py-2 text-right tabular-nums sm:px-2" data-testid="count-expected">
                {product.currentStock}
              </td>
              <td className="px-1 py-2 text-right sm:px-2">
                <Input
                  {...unitCountInputProps(0)}
                  id={inputId}
                  ref={(element) => {
                    if (element) inputRefs.current.set(product.id, element);
                    else inputRefs.current.delete(product.id);
                  }}
                  value={counted}
                  onChange={(event) => onCount(product.id, event.target.value)}
                  onKeyDown={onKeyDown}
                  aria-invalid={invalid || undefined}
                  aria-describedby={`diff-${product.id}`}
                  className="ml-auto w-16 px-2 text-right sm:w-24 sm:px-3"
                  data-testid="count-input"
                />
              </td>
              <td
                id={`diff-${product.id}`}
                className={cn('py-2 pl-1 text-right font-semibold tabular-nums sm:pl-2', differenceTone(difference))}
                data-testid="count-difference"
              >
                {invalid ? 'Not a whole number' : difference === null ? '–' : signedDifference(difference)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
