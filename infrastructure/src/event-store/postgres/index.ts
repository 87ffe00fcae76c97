export * from './postgres-event-store';
export { appendInTransaction, AppendFailedError, writeCalls } from './append-events';
export { UnstorableEventDataError } from './storable-json';
export type { PendingCall } from './group-commit';
export { migrateEventStoreSchema } from './postgres-event-store.schema';
export { BatchedLookup } from './batched-lookup';
