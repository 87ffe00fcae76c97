import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ChunkErrorBoundary } from '@/components/feedback/chunk-error-boundary';

// The form carries the media uploader (Uppy); every page header has this button, so load it on demand.
const AddProductForm = lazy(async () => ({ default: (await import('./add-product-form')).AddProductForm }));

/** The "Add Product" button and its "Add New Product" dialog. */
export function AddProductDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button data-testid="add-product-button">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Product
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="add-product-dialog" className="max-w-2xl" focusFirstField>
        <DialogHeader>
          <DialogTitle>Add New Product</DialogTitle>
          <DialogDescription>Add a product to the catalogue with its price and opening stock.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so closing always starts the next one fresh. */}
        <ChunkErrorBoundary>
          <Suspense
            fallback={
              <div className="flex justify-center py-16 text-slate-500">
                <Spinner className="h-6 w-6" />
              </div>
            }
          >
            <AddProductForm onDone={() => setOpen(false)} />
          </Suspense>
        </ChunkErrorBoundary>
      </DialogContent>
    </Dialog>
  );
}
