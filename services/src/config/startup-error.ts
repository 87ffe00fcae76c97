import { resolve } from 'node:path';
import { DataFolderInUseError } from '@shop/infrastructure';
import { ConfigError, type AppConfig } from './app-config';

interface SystemError {
  readonly code?: unknown;
  readonly syscall?: unknown;
  readonly hostname?: unknown;
  readonly address?: unknown;
  readonly port?: unknown;
  readonly path?: unknown;
  readonly message?: unknown;
}

/** Network errors of a connection that could not be made (Node's codes). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);
/** PostgreSQL SQLSTATE classes a wrong address or account gives: connection (08), authorisation (28), no database (3D). */
const REFUSED_BY_SERVER = /^(08|28|3D)[0-9A-Z]{3}$/;

/**
 * Whether a connection error is the database's: a SQLSTATE always is (KurrentDB gives none); a
 * network error is when it names the database's host or port, or when no other server is configured.
 */
function fromDatabase(error: SystemError, config: AppConfig): boolean {
  const { code, syscall, hostname, port } = error;
  if (!config.databaseUrl || typeof code !== 'string') return false;
  if (REFUSED_BY_SERVER.test(code)) return true;
  if (!UNREACHABLE.has(code) || syscall === 'listen') return false;
  if (!config.eventStoreUrl) return true;
  try {
    const url = new URL(config.databaseUrl);
    return hostname === url.hostname || (typeof port === 'number' && port === Number(url.port || 5432));
  } catch {
    return false;
  }
}

/** A database address for a message: user, host, port and database, never the password. */
function shownUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'the value given';
  }
}

/**
 * The one line a failed start prints when a setting explains it, naming that setting (as the README
 * promises of a bad value): the port taken, the host not this machine's, the database not reachable
 * or refusing, the data folder held by another process. Null for anything else, which is printed whole: it is a defect, not a setting.
 */
export function describeStartupError(error: unknown, config: AppConfig | undefined): string | null {
  if (error instanceof ConfigError || error instanceof DataFolderInUseError) return error.message;
  if (!config) return null;
  const details = (error ?? {}) as SystemError;
  const { code, syscall, hostname, path, message } = details;
  const text = typeof message === 'string' ? message : String(error);
  if (code === 'EADDRINUSE')
    return `PORT ${config.port} is already in use on ${config.host}: stop what listens there or choose another PORT`;
  if (syscall === 'listen' && code === 'EACCES')
    return `PORT ${config.port} needs privileges this process does not have: choose a PORT above 1024`;
  if (code === 'EADDRNOTAVAIL' || ((code === 'ENOTFOUND' || code === 'EAI_AGAIN') && hostname === config.host))
    return `HOST ${config.host} is not an address of this machine: use 0.0.0.0 (every interface), 127.0.0.1 or one of its addresses`;
  if (config.databaseUrl && fromDatabase(details, config))
    return `DATABASE_URL (${shownUrl(config.databaseUrl)}) cannot be used: ${text}`;
  if (!config.databaseUrl && typeof path === 'string' && resolve(path).startsWith(resolve(config.dataDir)))
    return `DATA_DIR (${config.dataDir}) cannot be used: ${text}`;
  return null;
}
