import { InvalidStoredEventError } from './event-batch';

/** SQLSTATE of a database error (pg and PGlite both set `code`), or null. */
const sqlState = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
};

/**
 * True when the event itself is what cannot be applied, so retrying it can never succeed and it is
 * set aside: it does not parse, or the database refuses its values (SQLSTATE class 22, data
 * exception: numeric overflow, value too long...; class 23, a constraint). Anything else (connection
 * lost, database down, deadlock, a bug in the projection's code) is retried from the checkpoint:
 * setting events aside because the database blinked would silently drop them from the read model.
 */
export function isEventSpecific(error: unknown): boolean {
  if (error instanceof InvalidStoredEventError) return true;
  const state = sqlState(error);
  return state !== null && (state.startsWith('22') || state.startsWith('23'));
}

const MAX_MESSAGE = 300;

/**
 * An error as text safe for logs, the set-aside table and health: never row values. PostgreSQL
 * quotes a refused value in some data-exception messages (invalid input syntax for type numeric:
 * "..."), so class 22 messages lose their quoted parts; constraint and relation names stay.
 * The `detail` of a database error (it holds the row) is never read.
 */
export function safeErrorMessage(error: unknown): string {
  if (error instanceof InvalidStoredEventError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const state = sqlState(error);
  if (!state) return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  // knex puts the statement, its values written in, before the database's message: "<sql> - <message>".
  const separator = message.lastIndexOf(' - ');
  const own = separator < 0 ? message : message.slice(separator + 3);
  const text = state.startsWith('22') ? own.replace(/"(?:[^"]|"")*"/g, '"…"') : own;
  const short = text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
  const where = (['table', 'column', 'constraint'] as const)
    .map((field) => [field, (error as Partial<Record<typeof field, unknown>>)[field]] as const)
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([field, value]) => `, ${field} ${String(value)}`)
    .join('');
  return `${short} (SQLSTATE ${state}${where})`;
}
