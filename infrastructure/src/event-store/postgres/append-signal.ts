import type { Knex } from 'knex';
import type { GlobalPosition } from '../event-store.port';

/** Called after a commit, with the highest position it wrote when the caller knows it. */
type Waker = (position?: GlobalPosition) => void;

// Keyed by knex so every store on the same database in this process wakes every subscriber,
// whichever store wrote.
const wakersByDatabase = new WeakMap<Knex, Set<Waker>>();

export function listenForAppends(knex: Knex, waker: Waker): () => void {
  let wakers = wakersByDatabase.get(knex);
  if (!wakers) {
    wakers = new Set();
    wakersByDatabase.set(knex, wakers);
  }
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function signalAppended(knex: Knex, position?: GlobalPosition): void {
  for (const waker of wakersByDatabase.get(knex) ?? []) waker(position);
}
