import { formatMoney } from '@/utils/format';
import { formatPercentOneDecimal, koboToAmount } from '@shop/contracts';
import type { CartTotals } from '../utils/cart-math';

export function CartTotalsView({ totals, discountHundredths }: { totals: CartTotals; discountHundredths: bigint }) {
  return (
    <dl className="space-y-1.5 rounded-lg bg-slate-50 p-3 text-sm" aria-label="Sale totals">
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">Subtotal</dt>
        <dd data-testid="cart-subtotal" className="font-medium text-slate-900 tabular-nums">
          {formatMoney(koboToAmount(totals.subtotal))}
        </dd>
      </div>
      {discountHundredths > 0n && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Discount ({formatPercentOneDecimal(discountHundredths)}%)</dt>
          <dd data-testid="cart-discount" className="font-medium text-emerald-700 tabular-nums">
            -{formatMoney(koboToAmount(totals.discount))}
          </dd>
        </div>
      )}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 text-base">
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd data-testid="cart-total" className="font-semibold text-slate-900 tabular-nums">
          {formatMoney(koboToAmount(totals.total))}
        </dd>
      </div>
    </dl>
  );
}
