import type { FormEvent } from 'react';
import type { Product } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormInput, FormSelect, FormTextarea } from '@/components/ui/form-field';
import { moneyInputProps, unitCountInputProps } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toastError, toastSuccess } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/session';
import { formatReason } from '@/utils/format';
import { useCreateStockTransaction } from '../api/create-stock-transaction';
import { parseQuantity, reasonsFor, useStockForm, type StockType } from '../hooks/use-stock-form';

type StockDialogProps = {
  type: StockType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The catalogue to choose from; the page passes it in (products belong to the products feature). */
  products: readonly Product[];
  /** Preselects a product, e.g. when opened from its card. */
  productId?: string;
};

const titles: Record<StockType, { title: string; description: string; success: string }> = {
  in: {
    title: 'Record Stock In',
    description: 'Record stock received into inventory.',
    success: 'Stock in recorded successfully',
  },
  out: {
    title: 'Record Stock Out',
    description: 'Record stock leaving inventory.',
    success: 'Stock out recorded successfully',
  },
};

export function StockDialog({ type, open, onOpenChange, products, productId }: StockDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="stock-dialog" data-type={type} focusFirstField>
        <DialogHeader>
          <DialogTitle>{titles[type].title}</DialogTitle>
          <DialogDescription>{titles[type].description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from a fresh form. */}
        <StockForm type={type} products={products} productId={productId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type StockFormProps = Pick<StockDialogProps, 'type' | 'products' | 'productId'> & { onDone: () => void };

function StockForm({ type, products, productId, onDone }: StockFormProps) {
  const user = useSignedInUser();
  const form = useStockForm({ type, products, sellerName: user.username, initialProductId: productId });
  const { values, errors, totalValue } = form;
  const createTransaction = useCreateStockTransaction();
  const pending = createTransaction.isPending;
  const invalidFocus = useInvalidFieldFocus();
  const selected = products.find((product) => product.id === values.productId);
  const productOptions = products.map((product) => ({ value: product.id, label: `${product.name} (${product.sku})` }));
  const reasonOptions = reasonsFor(type).map((reason) => ({ value: reason, label: formatReason(reason) }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = form.validate();
    if (!payload) {
      invalidFocus.focusFirstInvalid();
      return;
    }
    createTransaction.mutate(payload, {
      onSuccess: () => {
        toastSuccess(titles[type].success);
        form.reset();
        onDone();
      },
      onError: (error) => toastError(errorMessage(error, 'Failed to record transaction')),
    });
  };

  const onCancel = () => {
    form.reset();
    onDone();
  };

  return (
    <form ref={invalidFocus.ref} onSubmit={onSubmit} noValidate data-testid="stock-form">
      <fieldset disabled={pending} className="min-w-0 space-y-4">
        <FormSelect
          id="stock-product"
          label="Product"
          error={errors.productId}
          value={values.productId}
          onValueChange={form.selectProduct}
          options={productOptions}
          placeholder={products.length ? 'Select a product' : 'No products available'}
          disabled={pending || products.length === 0}
        />

        {type === 'out' && selected && (
          <div
            data-testid="stock-info"
            role="status"
            className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
          >
            Current stock: <strong>{selected.currentStock} units</strong> · Minimum level: {selected.minStockLevel}
          </div>
        )}

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormInput
            id="stock-quantity"
            label="Quantity"
            error={errors.quantity}
            {...unitCountInputProps(1)}
            value={values.quantity}
            onChange={(event) => {
              const input = event.currentTarget;
              const quantity = parseQuantity(input.value);
              form.setField('quantity', quantity);
              // Emptied or not a whole number, it becomes 1 (or that number) at once (spec section 2), and
              // selected before the next key, so a digit typed next replaces it ("Backspace, 5" read 15).
              if (String(quantity) !== input.value) {
                input.value = String(quantity);
                input.select();
              }
            }}
          />
          <FormInput
            id="stock-unit-price"
            label="Unit Price (₦)"
            error={errors.unitPrice}
            {...moneyInputProps}
            value={values.unitPrice}
            onChange={(event) => form.setField('unitPrice', event.target.value)}
          />
          {type === 'in' && (
            <FormInput
              id="stock-cost-price"
              label="Cost Price (₦)"
              error={errors.costPrice}
              optional
              {...moneyInputProps}
              value={values.costPrice}
              onChange={(event) => form.setField('costPrice', event.target.value)}
            />
          )}
          <FormInput
            id="stock-total-value"
            label="Total Value (₦)"
            data-testid="stock-total-value"
            readOnly
            tabIndex={-1}
            value={totalValue}
          />
          <FormSelect
            id="stock-reason"
            label="Reason"
            error={errors.reason}
            value={values.reason}
            onValueChange={(reason) => form.setField('reason', reason as typeof values.reason)}
            options={reasonOptions}
            disabled={pending}
          />
          <FormInput
            id="stock-seller"
            label="Seller/Staff"
            error={errors.sellerName}
            placeholder="Who handled this"
            value={values.sellerName}
            onChange={(event) => form.setField('sellerName', event.target.value)}
          />
        </div>

        <FormTextarea
          id="stock-notes"
          label="Notes"
          error={errors.notes}
          optional
          rows={2}
          placeholder="Add any notes about this transaction"
          value={values.notes}
          onChange={(event) => form.setField('notes', event.target.value)}
        />
      </fieldset>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} data-testid="stock-submit">
          {pending ? (
            <>
              <Spinner />
              Recording...
            </>
          ) : (
            titles[type].title
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
