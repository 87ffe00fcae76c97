import type { GlobalPosition } from '@shop/infrastructure';

/** Waits, bounded, until the read models show everything up to a position. */
export interface ReadModelSync {
  /**
   * True once every read model reached `position` (null: nothing to wait for); false when the wait
   * ended without it (timeout, a projection failing, no projector). `skipFailing`: do not wait for
   * a read model that is failing now. `timeoutMs`: a shorter bound than the usual 5 s.
   */
  waitFor(
    position: GlobalPosition | null,
    options?: { readonly skipFailing?: boolean; readonly timeoutMs?: number },
  ): Promise<boolean>;
}
