import { useState } from 'react';
import { createProductInput, type CreateProductCommandInput } from '@shop/contracts';

export type ProductFormValues = {
  name: string;
  sku: string;
  category: string;
  price: string;
  costPrice: string;
  currentStock: number;
  minStockLevel: number;
  description: string;
  images: string[];
};

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/** Spec defaults: empty name/sku/category, prices "0", stock fields 0, no description, no images. */
const initialValues = (): ProductFormValues => ({
  name: '',
  sku: '',
  category: '',
  price: '0',
  costPrice: '0',
  currentStock: 0,
  minStockLevel: 0,
  description: '',
  images: [],
});

/** Stock fields parse to integers, falling back to 0. */
export const parseStockField = (raw: string): number => {
  const parsed = Number.parseInt(raw, 10);
  return Number.isNaN(parsed) ? 0 : parsed;
};

export function useProductForm() {
  const [values, setValues] = useState<ProductFormValues>(initialValues);
  const [errors, setErrors] = useState<ProductFormErrors>({});

  const setField = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  /** Uploads finish one by one, so images change from the current list, never a stale copy. */
  const addImage = (path: string) => {
    setValues((current) =>
      current.images.includes(path) ? current : { ...current, images: [...current.images, path] },
    );
    setErrors((current) => (current.images ? { ...current, images: undefined } : current));
  };
  const removeImage = (path: string) =>
    setValues((current) => ({ ...current, images: current.images.filter((image) => image !== path) }));

  /** Validates with the server's schema; returns the payload to send, or null with errors shown. */
  const validate = (): CreateProductCommandInput | null => {
    const parsed = createProductInput.safeParse({ ...values, description: values.description.trim() || undefined });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: ProductFormErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ProductFormValues;
      next[key] ??= issue.message;
    }
    setErrors(next);
    return null;
  };

  const reset = () => {
    setValues(initialValues());
    setErrors({});
  };

  return { values, errors, setField, addImage, removeImage, validate, reset };
}
