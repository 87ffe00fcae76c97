import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ClipboardCheck, ScanBarcode } from 'lucide-react';
import type { Product, StocktakeSheetResult } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { CategoryFilter } from '@/components/filters/category-filter';
import { EmptyState } from '@/components/feedback/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, controlA11y } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toastSuccess } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { usePostStocktake } from '../api/post-stocktake';
import { useStocktakeDraft } from '../hooks/use-stocktake-draft';
import { buildSheet } from '../utils/count-sheet';
import { CountSheetTable } from './count-sheet-table';
import { StocktakeResultCard } from './stocktake-result-card';
import { StocktakeReviewDialog } from './stocktake-review-dialog';

type StocktakeViewProps = {
  products: readonly Product[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
  userId: string;
};

/**
 * The count sheet: pick a category (or all), count (a scanner types SKU + Enter into the scan box,
 * which moves to that product's count field; Enter there comes back), review, post once.
 */
export function StocktakeView({ products, isLoading, isError, onRetry, retrying, userId }: StocktakeViewProps) {
  const { draft, setDraft, clear, clearPosted } = useStocktakeDraft(userId);
  const [scan, setScan] = useState('');
  const [scanMessage, setScanMessage] = useState('');
  const [notesError, setNotesError] = useState<string | undefined>();
  const [reviewing, setReviewing] = useState(false);
  const [postError, setPostError] = useState<string | null>(null);
  const [result, setResult] = useState<StocktakeSheetResult | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const inputRefs = useRef(new Map<string, HTMLInputElement>());
  const post = usePostStocktake();
  const notesId = useId();
  const notesFocus = useInvalidFieldFocus<HTMLDivElement>();
  const scanHintId = useId();

  const lines = useMemo(() => buildSheet(products ?? [], draft.category, draft.counts), [products, draft]);
  const counted = lines.filter((line) => line.countedQuantity !== null);
  const invalid = counted.some((line) => Number.isNaN(line.countedQuantity));
  const differences = counted.filter((line) => line.difference !== null && line.difference !== 0).length;

  const setCount = (productId: string, value: string) =>
    setDraft((current) => ({ ...current, counts: { ...current.counts, [productId]: value } }));

  const onScan = (event: FormEvent) => {
    event.preventDefault();
    const sku = scan.trim().toLowerCase();
    if (!sku) return;
    const line = lines.find((candidate) => candidate.product.sku.toLowerCase() === sku);
    const input = line ? inputRefs.current.get(line.product.id) : undefined;
    if (!line || !input) {
      setScanMessage(`No product on this sheet has SKU ${scan.trim()}`);
      scanRef.current?.select();
      return;
    }
    setScanMessage(`${line.product.name}: enter the count`);
    setScan('');
    input.focus();
    input.select();
  };

  const review = () => {
    if (!draft.notes.trim()) {
      setNotesError('Notes are required: say why the count differs');
      notesFocus.focusFirstInvalid();
      return;
    }
    setNotesError(undefined);
    setPostError(null);
    setReviewing(true);
  };

  const submit = () => {
    post.mutate(
      {
        lines: counted.map((line) => ({ productId: line.product.id, countedQuantity: line.countedQuantity! })),
        notes: draft.notes,
      },
      {
        onSuccess: (posted) => {
          setReviewing(false);
          setResult(posted);
          // Only this sheet's counts were posted: another category's stay in the draft.
          clearPosted(posted.lines.map((line) => line.productId));
          // The last scan's "…: enter the count" belongs to the sheet just posted.
          setScanMessage('');
          const adjusted = posted.lines.filter((line) => line.difference !== 0).length;
          toastSuccess(`${posted.lines.length} product(s) counted, ${adjusted} adjusted.`, 'Stocktake posted');
        },
        onError: (error) => setPostError(errorMessage(error, 'Failed to post the stocktake')),
      },
    );
  };

  if (isLoading) {
    return (
      <div className="flex justify-center py-16 text-slate-500">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (isError) {
    return (
      <LoadFailed
        message="Products could not be loaded."
        onRetry={onRetry}
        retrying={retrying}
        testId="stocktake-load-failed"
      />
    );
  }

  return (
    <div className="space-y-4">
      {result && <StocktakeResultCard result={result} onDismiss={() => setResult(null)} />}
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
        <CategoryFilter
          value={draft.category}
          onChange={(category) => setDraft((current) => ({ ...current, category }))}
          testId="stocktake-category"
        />
        <form onSubmit={onScan} className="flex w-full flex-col gap-1" role="search" aria-label="Find a product by SKU">
          <div className="relative">
            <ScanBarcode
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              ref={scanRef}
              value={scan}
              onChange={(event) => setScan(event.target.value)}
              placeholder="Scan or type a SKU, then Enter"
              aria-label="Scan or type a SKU"
              aria-describedby={scanHintId}
              autoComplete="off"
              className="pl-9"
              data-testid="stocktake-scan"
            />
          </div>
          <p
            id={scanHintId}
            className="min-h-4 text-xs text-slate-600"
            role="status"
            data-testid="stocktake-scan-message"
          >
            {scanMessage}
          </p>
        </form>
      </Card>

      {lines.length === 0 ? (
        <Card>
          <EmptyState icon={ClipboardCheck}>No products in this category.</EmptyState>
        </Card>
      ) : (
        <Card className="overflow-x-auto p-4">
          <CountSheetTable
            lines={lines}
            onCount={setCount}
            inputRefs={inputRefs}
            onCountEntered={() => scanRef.current?.focus()}
          />
        </Card>
      )}

      <Card ref={notesFocus.ref} className="space-y-4 p-4">
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="stocktake-summary">
          {counted.length} of {lines.length} counted · {differences} difference(s)
        </p>
        <Field
          id={notesId}
          label="Notes"
          error={notesError}
          hint="Required: why the count differs, kept with every adjustment, e.g. 'Monthly count'."
        >
          <Textarea
            {...controlA11y(notesId, notesError, true)}
            value={draft.notes}
            onChange={(event) => {
              setNotesError(undefined);
              setDraft((current) => ({ ...current, notes: event.target.value }));
            }}
            data-testid="stocktake-notes"
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            onClick={() => {
              clear();
              setScanMessage('');
            }}
            disabled={counted.length === 0 && !draft.notes}
          >
            Clear draft
          </Button>
          <Button onClick={review} disabled={counted.length === 0 || invalid} data-testid="stocktake-review-button">
            Review and post
          </Button>
        </div>
      </Card>

      <StocktakeReviewDialog
        open={reviewing}
        onOpenChange={setReviewing}
        counted={counted}
        notes={draft.notes}
        isPosting={post.isPending}
        error={postError}
        onPost={submit}
      />
    </div>
  );
}
