import { Banknote, CreditCard } from 'lucide-react';
import { MESSAGES, type PaymentMethod } from '@shop/contracts';
import { toastError } from '@/components/toast/use-toast';
import { cn } from '@/utils/cn';

type PaymentMethodPickerProps = {
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
};

const optionClass =
  'flex h-14 cursor-pointer items-center justify-center gap-2 rounded-lg border text-sm font-medium transition-colors ' +
  'focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:outline-none ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

/** Cash only: card is refused in the till with the spec's message and never becomes selected. */
export function PaymentMethodPicker({ value, onChange, disabled }: PaymentMethodPickerProps) {
  return (
    <fieldset className="space-y-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Payment Method</legend>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          aria-pressed={value === 'cash'}
          onClick={() => onChange('cash')}
          data-testid="payment-cash"
          className={cn(
            optionClass,
            value === 'cash'
              ? 'border-rose-500 bg-rose-50 text-rose-800 ring-1 ring-rose-500'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
          )}
        >
          <Banknote className="h-5 w-5" aria-hidden="true" />
          Cash
        </button>
        <button
          type="button"
          aria-pressed={false}
          onClick={() => toastError(MESSAGES.cardRefused, 'Card payments unavailable')}
          data-testid="payment-card"
          className={cn(optionClass, 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50')}
        >
          <CreditCard className="h-5 w-5" aria-hidden="true" />
          Card
        </button>
      </div>
    </fieldset>
  );
}
