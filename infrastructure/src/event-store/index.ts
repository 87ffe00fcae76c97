export * from './event-store.port';
export * from './append-ticket';
export * from './event-store.factory';
export * from './postgres';
export * from './kurrent';
