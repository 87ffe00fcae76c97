import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/utils/cn';

type LoadFailedProps = {
  /** The whole sentence, e.g. "The audit trail could not be loaded." */
  message: string;
  /** Asks again (the query's refetch): queries never retry on their own. */
  onRetry: () => void;
  /** The call is being asked again: the button shows it is busy but keeps its focus. */
  retrying?: boolean;
  /** The vertical room, as the section's spinner takes (py-16 unless given: cn does not merge classes). */
  padding?: string;
  testId?: string;
};

/** A section whose data call failed: says so, with a Try again button beside it. */
export function LoadFailed({ message, onRetry, retrying = false, padding = 'py-16', testId }: LoadFailedProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-center text-sm text-slate-600',
        padding,
      )}
      data-testid={testId}
    >
      <p>{message}</p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          if (!retrying) onRetry();
        }}
        aria-busy={retrying || undefined}
        data-testid="load-failed-retry"
      >
        {retrying ? <Spinner /> : <RotateCw className="h-4 w-4" aria-hidden="true" />}
        Try again
      </Button>
    </div>
  );
}
