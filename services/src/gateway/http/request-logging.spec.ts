import { PassThrough } from 'node:stream';
import { createRootLogger, nestLoggerFor } from './request-logging';

/** The JSON lines the root logger writes for one call. */
async function rootLinesOf(
  call: (logger: ReturnType<typeof createRootLogger>) => void,
): Promise<Record<string, any>[]> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  call(createRootLogger({ enabled: true, destination: stream }));
  await new Promise((resolve) => setImmediate(resolve));
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
}

/** The JSON lines a Nest LoggerService over pino writes for one call. */
const linesOf = (call: (logger: ReturnType<typeof nestLoggerFor>) => void) =>
  rootLinesOf((root) => call(nestLoggerFor(root)));

describe('Nest log lines through pino', () => {
  const databaseError = () =>
    Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      detail: 'Key (email)=(ada@example.com) already exists.',
      code: '23505',
    });

  it("logs an error field as its type, message and stack only: a database error's detail stays out", async () => {
    const [line] = await linesOf((logger) =>
      logger.error({ requestId: 'r-1', err: databaseError() }, 'Request failed', 'HttpErrorFilter'),
    );
    expect(line).toMatchObject({ level: 50, msg: 'Request failed', context: 'HttpErrorFilter', requestId: 'r-1' });
    expect(Object.keys(line!.err).sort()).toEqual(['message', 'stack', 'type']);
    expect(line!.err).toMatchObject({ type: 'Error', message: expect.stringContaining('users_email') });
    expect(JSON.stringify(line)).not.toContain('ada@example.com');
  });

  it('does the same for an error given as the message', async () => {
    const [line] = await linesOf((logger) => logger.error(databaseError(), 'Projections'));
    expect(Object.keys(line!.err).sort()).toEqual(['message', 'stack', 'type']);
    expect(JSON.stringify(line)).not.toContain('ada@example.com');
  });

  it('keeps the class and leaves the detail out for a line written straight through pino', async () => {
    const [line] = await rootLinesOf((logger) =>
      logger.error({ err: Object.assign(new TypeError('bad'), { detail: 'ada@example.com' }) }),
    );
    expect(line!.err).toMatchObject({ type: 'TypeError', message: 'bad' });
    expect(Object.keys(line!.err).sort()).toEqual(['message', 'stack', 'type']);
    expect(JSON.stringify(line)).not.toContain('ada@example.com');
  });
});
