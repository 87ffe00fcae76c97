import type { FormEvent } from 'react';
import { PRODUCT_CATEGORIES } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormInput, FormSelect, FormTextarea } from '@/components/ui/form-field';
import { moneyInputProps, unitCountInputProps } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toastError, toastSuccess } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateProduct } from '../api/create-product';
import { useMediaUploader } from '../hooks/use-media-uploader';
import { parseStockField, useProductForm } from '../hooks/use-product-form';
import { MediaUploadField } from './media-upload-field';

const categoryOptions = PRODUCT_CATEGORIES.map((category) => ({ value: category, label: category }));

const priceFields = [
  { key: 'price', id: 'product-price', label: 'Price (₦)' },
  { key: 'costPrice', id: 'product-cost-price', label: 'Cost Price (₦)' },
] as const;

const stockFields = [
  { key: 'currentStock', id: 'product-current-stock', label: 'Current Stock' },
  { key: 'minStockLevel', id: 'product-min-stock', label: 'Minimum Stock Level' },
] as const;

/** The Add New Product form; loaded with the dialog's first opening (it brings the uploader). */
export function AddProductForm({ onDone }: { onDone: () => void }) {
  const { values, errors, setField, addImage, removeImage, validate, reset } = useProductForm();
  const uploader = useMediaUploader({ onUploaded: addImage });
  const createProduct = useCreateProduct();
  const pending = createProduct.isPending;
  const invalidFocus = useInvalidFieldFocus();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploader.isUploading) return;
    const payload = validate();
    if (!payload) {
      invalidFocus.focusFirstInvalid();
      return;
    }
    createProduct.mutate(payload, {
      onSuccess: () => {
        toastSuccess('Product created successfully');
        reset();
        onDone();
      },
      onError: (error) => toastError(errorMessage(error, 'Failed to create product')),
    });
  };

  return (
    <form ref={invalidFocus.ref} onSubmit={onSubmit} noValidate data-testid="add-product-form">
      <fieldset disabled={pending} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormInput
            id="product-name"
            label="Product Name"
            error={errors.name}
            placeholder="Enter product name"
            value={values.name}
            onChange={(event) => setField('name', event.target.value)}
          />
        </div>
        <FormInput
          id="product-sku"
          label="SKU"
          error={errors.sku}
          placeholder="e.g. SKN-001"
          value={values.sku}
          onChange={(event) => setField('sku', event.target.value)}
        />
        <FormSelect
          id="product-category"
          label="Category"
          error={errors.category}
          value={values.category}
          onValueChange={(value) => setField('category', value)}
          options={categoryOptions}
          placeholder="Select a category"
          disabled={pending}
        />
        {priceFields.map(({ key, id, label }) => (
          <FormInput
            key={key}
            id={id}
            label={label}
            error={errors[key]}
            {...moneyInputProps}
            value={values[key]}
            onChange={(event) => setField(key, event.target.value)}
          />
        ))}
        {stockFields.map(({ key, id, label }) => (
          <FormInput
            key={key}
            id={id}
            label={label}
            error={errors[key]}
            {...unitCountInputProps(0)}
            value={values[key]}
            onChange={(event) => setField(key, parseStockField(event.target.value))}
          />
        ))}
        <div className="sm:col-span-2">
          <FormTextarea
            id="product-description"
            label="Description"
            error={errors.description}
            optional
            rows={3}
            placeholder="Describe the product"
            value={values.description}
            onChange={(event) => setField('description', event.target.value)}
          />
        </div>
        <div className="space-y-1.5 sm:col-span-2">
          <p className="text-sm font-medium text-slate-700">Product Media</p>
          <MediaUploadField
            value={values.images}
            pending={uploader.pending}
            problems={uploader.problems}
            onFiles={uploader.addFiles}
            onRemove={(path) => {
              removeImage(path);
              uploader.forget(path);
            }}
            disabled={pending}
          />
          {errors.images && <p className="text-sm text-red-600">{errors.images}</p>}
        </div>
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || uploader.isUploading} data-testid="add-product-submit">
          {pending ? (
            <>
              <Spinner />
              Creating...
            </>
          ) : (
            'Create Product'
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
