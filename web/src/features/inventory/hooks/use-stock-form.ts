import { useState } from 'react';
import {
  STOCK_IN_REASONS,
  STOCK_OUT_REASONS,
  createTransactionInput,
  multiplyAmount,
  type MovementReason,
  type Product,
} from '@shop/contracts';
import type { StockTransactionInput } from '../api/create-stock-transaction';

export type StockType = 'in' | 'out';

export type StockFormValues = {
  productId: string;
  quantity: number;
  unitPrice: string;
  costPrice: string;
  reason: MovementReason;
  sellerName: string;
  notes: string;
};

export type StockFormErrors = Partial<Record<keyof StockFormValues, string>>;

export const reasonsFor = (type: StockType) => (type === 'in' ? STOCK_IN_REASONS : STOCK_OUT_REASONS);

/** Quantity is at least 1; anything non-numeric becomes 1. */
export const parseQuantity = (raw: string): number => {
  const parsed = Number.parseInt(raw, 10);
  return Number.isNaN(parsed) ? 1 : Math.max(1, parsed);
};

/** quantity × unitPrice with 2 decimals (read-only in the dialog), exact: whole kobo, never a float. */
export const totalValueOf = (quantity: number, unitPrice: string): string => multiplyAmount(unitPrice, quantity);

type Options = { type: StockType; products: readonly Product[]; sellerName: string; initialProductId?: string };

export function useStockForm({ type, products, sellerName, initialProductId }: Options) {
  const initialValues = (): StockFormValues => {
    const product = products.find((candidate) => candidate.id === initialProductId);
    return {
      productId: product?.id ?? '',
      quantity: 1,
      unitPrice: product?.price ?? '',
      costPrice: '',
      reason: reasonsFor(type)[0],
      sellerName,
      notes: '',
    };
  };

  const [values, setValues] = useState<StockFormValues>(initialValues);
  const [errors, setErrors] = useState<StockFormErrors>({});

  const setField = <K extends keyof StockFormValues>(key: K, value: StockFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  /** Choosing a product prefills unitPrice from its price. */
  const selectProduct = (productId: string) => {
    const product = products.find((candidate) => candidate.id === productId);
    setValues((current) => ({ ...current, productId, unitPrice: product?.price ?? current.unitPrice }));
    setErrors((current) => ({ ...current, productId: undefined, unitPrice: undefined }));
  };

  const totalValue = totalValueOf(values.quantity, values.unitPrice);

  /** Validates with the shared transaction schema; returns the payload or null with errors shown. */
  const validate = (): StockTransactionInput | null => {
    const parsed = createTransactionInput.safeParse({
      productId: values.productId,
      type,
      quantity: values.quantity,
      unitPrice: values.unitPrice,
      costPrice: type === 'in' ? values.costPrice : undefined,
      reason: values.reason,
      sellerName: values.sellerName,
      notes: values.notes.trim() || undefined,
    });
    if (!parsed.success) {
      const next: StockFormErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof StockFormValues;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return null;
    }
    setErrors({});
    const { productId, quantity, unitPrice, costPrice, reason, sellerName: seller, notes } = parsed.data;
    return { productId, type, quantity, unitPrice, costPrice, reason, sellerName: seller, notes, totalValue };
  };

  const reset = () => {
    setValues(initialValues());
    setErrors({});
  };

  return { values, errors, totalValue, setField, selectProduct, validate, reset };
}
