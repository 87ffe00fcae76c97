import type { Database } from '../database/database';
import type { EventStore } from './event-store.port';
import { KurrentEventStore } from './kurrent/kurrent-event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface EventStoreConfig {
  /** A KurrentDB connection string (EVENTSTORE_URL). When absent, events live in `database`. */
  readonly eventStoreUrl?: string;
  /** Read models always live here, whichever store holds the events. */
  readonly database: Database;
}

export async function createEventStore({ eventStoreUrl, database }: EventStoreConfig): Promise<EventStore> {
  if (eventStoreUrl) return KurrentEventStore.connect(eventStoreUrl);
  return PostgresEventStore.open(database.knex);
}
