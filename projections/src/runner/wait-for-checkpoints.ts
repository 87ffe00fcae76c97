import type { Knex } from 'knex';
import { comparePositions, type GlobalPosition } from '@shop/infrastructure';
import { readCheckpoints } from './checkpoint.store';

/**
 * waitFor for a projector running in another process: polls projection_checkpoints.
 * Resolves true once every named checkpoint is at or past `position`, false on timeout.
 */
export async function waitForCheckpoints(
  knex: Knex,
  projectionNames: readonly string[],
  position: GlobalPosition,
  options: { timeoutMs?: number; pollIntervalMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  const interval = options.pollIntervalMs ?? 50;
  for (;;) {
    const checkpoints = await readCheckpoints(knex, projectionNames);
    const reached = checkpoints.every(
      (checkpoint) => checkpoint.position !== null && comparePositions(checkpoint.position, position) >= 0,
    );
    if (reached) return true;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, remaining)));
  }
}
