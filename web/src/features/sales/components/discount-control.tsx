import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast, toastError } from '@/components/toast/use-toast';
import { formatPercentOneDecimal, hundredthsToPercent } from '@shop/contracts';
import { parseDiscountInput } from '../utils/cart-math';

const INVALID_MESSAGE = 'Discount must be between 0% and 100%';

type DiscountControlProps = { applied: bigint; onApply: (hundredths: bigint) => void; disabled?: boolean };

/** A 0–100% discount on the whole sale, applied with the Apply button or Enter. */
export function DiscountControl({ applied, onApply, disabled }: DiscountControlProps) {
  const [draft, setDraft] = useState(applied > 0n ? hundredthsToPercent(applied) : '');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const apply = () => {
    const parsed = parseDiscountInput(draft);
    if (!parsed.ok) {
      setInvalid(true);
      // From the Apply button too: the focus goes where the fix is typed, and reads why.
      input.current?.focus();
      toastError(INVALID_MESSAGE, 'Invalid discount');
      return;
    }
    setInvalid(false);
    onApply(parsed.hundredths);
    if (parsed.hundredths === 0n) {
      setDraft('');
      toast({ title: 'Discount removed', description: 'No discount is applied to this sale.' });
    } else {
      toast({
        title: 'Discount applied',
        description: `${formatPercentOneDecimal(parsed.hundredths)}% off this sale.`,
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor="cart-discount" className="block text-sm font-medium text-slate-700">
        Discount (%)
      </label>
      <div className="flex gap-2">
        <Input
          id="cart-discount"
          type="number"
          inputMode="decimal"
          min="0"
          max="100"
          step="0.01"
          placeholder="0"
          value={draft}
          ref={input}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={onKeyDown}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby="cart-discount-hint"
          data-testid="discount-input"
        />
        <Button variant="outline" onClick={apply} disabled={disabled} data-testid="apply-discount">
          Apply
        </Button>
      </div>
      <p id="cart-discount-hint" className="text-xs text-slate-500">
        Between 0% and 100%. Apply 0 or leave empty to remove the discount.
      </p>
    </div>
  );
}
