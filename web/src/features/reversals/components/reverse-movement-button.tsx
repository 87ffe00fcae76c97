import { useId, useState, type FormEvent } from 'react';
import { Undo2 } from 'lucide-react';
import { reverseMovementInput } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, controlA11y } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatReason } from '@/utils/format';
import { useReverseMovement } from '../api/reverse-movement';

/** What the dialog needs to name the movement; both Transactions lines and history entries have it. */
export type ReversibleMovement = {
  id: string;
  productName: string | null;
  type: 'in' | 'out';
  quantity: number;
  reason: string | null;
  reversedBy: string | null;
  /** Set on a reversal itself: it cannot be reversed in turn. */
  reverses: string | null;
};

const describe = (movement: ReversibleMovement) =>
  `${movement.type === 'in' ? 'Stock in' : 'Stock out'} of ${movement.quantity} × ${movement.productName ?? 'a product'}` +
  (movement.reason ? ` (${formatReason(movement.reason)})` : '');

/**
 * A manager's Reverse: a dialog asks why, then records the compensating movement. Shown only for a
 * movement that is neither reversed nor a reversal; the server refuses a second reversal anyway
 * (409), and its message is shown in the dialog.
 */
export function ReverseMovementButton({ movement }: { movement: ReversibleMovement }) {
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const reverse = useReverseMovement();
  const fieldId = useId();
  const invalidFocus = useInvalidFieldFocus();
  // Kept while its dialog is open: a refused second reversal refreshes the list, and its message must stay.
  if ((movement.reversedBy || movement.reverses) && !open) return null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setNotes('');
      setError(undefined);
      setServerError(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reverseMovementInput.safeParse({ notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      invalidFocus.focusFirstInvalid();
      return;
    }
    setError(undefined);
    setServerError(null);
    reverse.mutate(
      { movementId: movement.id, notes: parsed.data.notes },
      {
        onSuccess: () => {
          onOpenChange(false);
          toastSuccess(`${describe(movement)} has been reversed.`, 'Movement reversed');
        },
        onError: (failure) => setServerError(errorMessage(failure, 'Failed to reverse the movement')),
      },
    );
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Reverse ${describe(movement)}`}
        data-testid="reverse-movement-button"
        data-movement-id={movement.id}
      >
        <Undo2 className="h-4 w-4" aria-hidden="true" />
        Reverse
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent data-testid="reverse-movement-dialog">
          <DialogHeader>
            <DialogTitle>Reverse this movement?</DialogTitle>
            <DialogDescription>
              {describe(movement)}. A compensating movement is recorded and linked to it; the original stays in the
              ledger.
            </DialogDescription>
          </DialogHeader>
          <form ref={invalidFocus.ref} onSubmit={submit} noValidate className="space-y-4">
            <Field
              id={fieldId}
              label="Notes"
              error={error}
              hint="Required: say why it is reversed; kept with the reversal."
            >
              <Textarea
                {...controlA11y(fieldId, error, true)}
                value={notes}
                onChange={(event) => {
                  setNotes(event.target.value);
                  setError(undefined);
                }}
                placeholder="Why is it reversed?"
                data-testid="reverse-reason"
                required
              />
            </Field>
            {serverError && (
              <p
                role="alert"
                className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700"
                data-testid="reverse-error"
              >
                {serverError}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={reverse.isPending} data-testid="reverse-confirm">
                {reverse.isPending && <Spinner />}
                {reverse.isPending ? 'Reversing...' : 'Reverse movement'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
