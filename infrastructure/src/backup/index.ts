export * from './event-backup';
