export * from './database';
export { runPipelined } from './pipelined-writes';
export { addMissingColumns, dropRetiredColumns } from './column-changes';
