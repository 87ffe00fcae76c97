import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { DataFolderInUseError } from '@shop/infrastructure';
import { ConfigError, loadConfig } from './app-config';
import { describeStartupError } from './startup-error';

const systemError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'x')), fields);

describe('describeStartupError', () => {
  const embedded = loadConfig({ PORT: '4000', HOST: '127.0.0.1', DATA_DIR: './data' });
  const server = loadConfig({ DATABASE_URL: 'postgres://shop:pw@db.internal:6543/shop' });
  const withKurrent = loadConfig({
    DATABASE_URL: 'postgres://shop:pw@db.internal:6543/shop',
    EVENTSTORE_URL: 'kurrentdb://events.internal:2113?tls=false',
  });

  it('names the setting behind a failed start', () => {
    expect(describeStartupError(systemError({ code: 'EADDRINUSE', syscall: 'listen' }), embedded)).toMatch(
      /^PORT 4000 is already in use on 127\.0\.0\.1/,
    );
    expect(describeStartupError(systemError({ code: 'ENOTFOUND', hostname: '127.0.0.1' }), embedded)).toMatch(/^HOST/);
    expect(
      describeStartupError(systemError({ code: '3D000', message: 'database "shop" does not exist' }), server),
    ).toBe('DATABASE_URL (postgres://shop@db.internal:6543/shop) cannot be used: database "shop" does not exist');
    const dataDirError = systemError({ code: 'EACCES', path: resolve('data', 'pg'), message: 'permission denied' });
    expect(describeStartupError(dataDirError, embedded)).toBe('DATA_DIR (./data) cannot be used: permission denied');
    expect(describeStartupError(new ConfigError('PORT must be a whole number'), undefined)).toBe(
      'PORT must be a whole number',
    );
    const inUse = new DataFolderInUseError(resolve('data'), {
      pid: 4242,
      hostname: hostname(),
      startedAt: '2026-11-25T08:00:00.000Z',
      command: 'main.js',
    });
    expect(describeStartupError(inUse, embedded)).toBe(
      `The data folder ${resolve('data')} is in use by process 4242 (main.js, since 2026-11-25T08:00:00.000Z): ` +
        'only one process may open an embedded PGlite folder; stop that one first, or set DATA_DIR to another folder',
    );
  });

  it("blames DATABASE_URL only for the database's own connection when another server is configured", () => {
    const toDatabase = systemError({ code: 'ECONNREFUSED', syscall: 'connect', port: 6543 });
    const toEvents = systemError({ code: 'ECONNREFUSED', syscall: 'connect', port: 2113 });
    expect(describeStartupError(toDatabase, withKurrent)).toMatch(/^DATABASE_URL/);
    expect(describeStartupError(toEvents, withKurrent)).toBeNull();
    expect(describeStartupError(toEvents, server)).toMatch(/^DATABASE_URL/);
  });

  it('leaves anything else to be printed whole (a defect, not a setting)', () => {
    expect(describeStartupError(new TypeError('undefined is not a function'), server)).toBeNull();
    expect(describeStartupError(systemError({ code: 'ECONNREFUSED', syscall: 'connect' }), embedded)).toBeNull();
  });
});
