export * from './test-database';
export * from './read-until';
