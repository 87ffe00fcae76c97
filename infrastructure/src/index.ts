export * from './database';
export * from './event-store';
export * from './backup';
export * from './command-handling';
export * from './testing';
export * from './batching';
