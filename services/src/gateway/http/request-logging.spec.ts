import { PassThrough } from 'node:stream';
import { createRootLogger, nestLoggerFor } from './request-logging';

/** The JSON lines a Nest LoggerService over pino writes for one call. */
async function linesOf(call: (logger: ReturnType<typeof nestLoggerFor>) => void): Promise<Record<string, any>[]> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  call(nestLoggerFor(createRootLogger({ enabled: true, destination: stream })));
  await new Promise((resolve) => setImmediate(resolve));
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
}

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
});
