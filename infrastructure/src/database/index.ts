export * from './database';
export { runPipelined } from './pipelined-writes';
