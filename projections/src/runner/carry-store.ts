import { comparePositions, type GlobalPosition } from '@shop/infrastructure';
import type { ProjectionCarry } from '../shared/projection-carry';

/**
 * The rebuild's carries (see ProjectionCarry). What a batch leaves is kept at once, before that batch
 * commits, so the next batch can be projected while this one is still being written; a projection
 * whose batch then goes another way (a fallback, a set-aside) is broken for the rest of the run: its
 * later batches get nothing carried and read their tables, and recordings made from a carry are dropped.
 */
export class CarryStore {
  private readonly kept = new Map<string, { readonly last: GlobalPosition; readonly value: unknown }>();
  private readonly broken = new Set<string>();

  /** @param startsEmpty the tables start empty (a rebuild's fresh ones): the first batch has nothing to read back. */
  constructor(private readonly startsEmpty: boolean) {}

  /** The carry for `name`'s batch of the events after `after`, ending at `last`. */
  offer(
    name: string,
    after: GlobalPosition | null,
    last: GlobalPosition,
  ): { carry: ProjectionCarry; carried: boolean } {
    const kept = this.kept.get(name);
    this.kept.delete(name);
    const usable = !this.broken.has(name);
    const previous =
      usable && kept && after !== null && comparePositions(kept.last, after) === 0 ? kept.value : undefined;
    const fromEmpty = usable && this.startsEmpty && after === null;
    const carry: ProjectionCarry = {
      previous,
      fromEmpty,
      leave: (value) => {
        if (!this.broken.has(name)) this.kept.set(name, { last, value });
      },
    };
    return { carry, carried: previous !== undefined || fromEmpty };
  }

  isBroken(name: string): boolean {
    return this.broken.has(name);
  }

  break(name: string): void {
    this.broken.add(name);
    this.kept.delete(name);
  }
}
