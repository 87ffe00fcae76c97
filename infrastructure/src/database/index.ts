export * from './database';
export { runPipelined } from './pipelined-writes';
export { migrateUnderLock } from './migrate-under-lock';
export { addMissingColumns, dropRetiredColumns } from './column-changes';
export { CLAIM_FILE, DataFolderInUseError, type DataFolderClaimRecord } from './data-folder-claim';
