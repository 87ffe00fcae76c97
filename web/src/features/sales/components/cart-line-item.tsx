import { useEffect, useState } from 'react';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/utils/format';
import { koboToAmount } from '@shop/contracts';
import { lineTotalKobo, type CartLine } from '../utils/cart-math';

type CartLineItemProps = {
  line: CartLine;
  /** The catalogue's current price for the product. */
  price: string;
  /** Units in stock right now; plus stops there. */
  available: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
};

export function CartLineItem({ line, price, available, onQuantity, onRemove }: CartLineItemProps) {
  const over = line.quantity > available;
  return (
    <li
      data-testid="cart-line"
      data-sku={line.sku}
      data-product-id={line.productId}
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        {/* Whole, wrapped: the end of a name (30ml, 50ml) is often what tells two products apart. */}
        <p className="text-sm font-medium break-words text-slate-900">{line.name}</p>
        <p className="text-xs text-slate-500">
          <span className="font-mono wrap-anywhere">{line.sku}</span> · {formatMoney(price)} each
        </p>
        {over && (
          <p className="text-xs font-medium text-red-600" data-testid="cart-line-warning">
            Only {Math.max(available, 0)} units available
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="h-8 w-8"
            onClick={() => onQuantity(line.quantity - 1)}
            aria-label={`Decrease quantity of ${line.name}`}
            data-testid="cart-minus"
          >
            <Minus className="h-4 w-4" aria-hidden="true" />
          </Button>
          <QuantityInput name={line.name} quantity={line.quantity} onCommit={onQuantity} />
          <Button
            variant="outline"
            size="icon"
            className="h-8 w-8"
            onClick={() => onQuantity(line.quantity + 1)}
            disabled={line.quantity >= available}
            aria-label={`Increase quantity of ${line.name}`}
            data-testid="cart-plus"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        <p data-testid="cart-line-total" className="w-28 text-right text-sm font-semibold text-slate-900 tabular-nums">
          {formatMoney(koboToAmount(lineTotalKobo(price, line.quantity)))}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8 text-slate-500 hover:text-red-600"
          onClick={onRemove}
          aria-label={`Remove ${line.name} from cart`}
          data-testid="cart-remove"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** Typed quantities apply as soon as they are whole numbers; 0 or below removes the line. */
function QuantityInput({
  name,
  quantity,
  onCommit,
}: {
  name: string;
  quantity: number;
  onCommit: (next: number) => void;
}) {
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);

  return (
    <div className="w-16">
      <Input
        type="number"
        inputMode="numeric"
        step="1"
        value={draft}
        aria-label={`Quantity of ${name}`}
        data-testid="cart-quantity"
        className="h-8 px-1 text-center tabular-nums"
        onChange={(event) => {
          setDraft(event.target.value);
          const parsed = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isInteger(parsed)) onCommit(parsed);
        }}
        onBlur={() => setDraft(String(quantity))}
      />
    </div>
  );
}
