import type { GlobalPosition } from '@shop/infrastructure';

/** Read-your-writes: a write call returns only once the read models show it. */
export interface ReadModelSync {
  waitFor(position: GlobalPosition | null): Promise<void>;
}
