export * from './handle-command';
export * from './stream-state-cache';
export * from './stream-decisions';
export * from './stream-write-queue';
