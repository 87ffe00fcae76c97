export * from './postgres-event-store';
export { appendInTransaction, AppendFailedError } from './append-events';
export { migrateEventStoreSchema } from './postgres-event-store.schema';
export { BatchedLookup } from './batched-lookup';
