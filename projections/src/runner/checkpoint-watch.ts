import type { Knex } from 'knex';
import { comparePositions, type GlobalPosition } from '@shop/infrastructure';
import { readCheckpoints } from './checkpoint.store';

interface Waiter {
  readonly position: GlobalPosition;
  readonly deadline: number;
  readonly resolve: (reached: boolean) => void;
}

/**
 * waitFor for a projector running in another process, for many waiters at once: one poll of
 * projection_checkpoints per interval, whoever waits, instead of one per waiter. Such a gateway
 * waits this way before every signed-in read (see ReadFreshness), so reads in flight together
 * cost one query, not one each. It polls only while someone waits.
 */
export class CheckpointWatch {
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    private readonly knex: Knex,
    private readonly projectionNames: readonly string[],
    private readonly pollIntervalMs = 25,
  ) {}

  /** True once every named checkpoint is at or past `position`, false at the timeout. */
  waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiters.add({ position, deadline: Date.now() + timeoutMs, resolve });
      if (!this.polling) void this.poll();
    });
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        const lowest = await this.lowestCheckpoint().catch(() => undefined);
        const now = Date.now();
        for (const waiter of this.waiters) {
          const reached = lowest !== undefined && lowest !== null && comparePositions(lowest, waiter.position) >= 0;
          if (!reached && now < waiter.deadline) continue;
          this.waiters.delete(waiter);
          waiter.resolve(reached);
        }
        if (this.waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, this.pollIntervalMs));
      }
    } finally {
      this.polling = false;
    }
  }

  /** The checkpoint every named projection has reached; null when one has seen nothing. */
  private async lowestCheckpoint(): Promise<GlobalPosition | null> {
    let lowest: GlobalPosition | null = null;
    for (const { position } of await readCheckpoints(this.knex, this.projectionNames)) {
      if (position === null) return null;
      if (lowest === null || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest;
  }
}
