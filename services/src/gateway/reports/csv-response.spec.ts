import Fastify, { type FastifyInstance } from 'fastify';
import { sendCsv, type CsvExport } from './csv-response';

/** sendCsv on a real Fastify server: a failure to start is thrown before any byte; one mid-stream cuts only that download. */
describe('sendCsv', () => {
  let server: FastifyInstance;
  let url: string;
  const exports = new Map<string, () => CsvExport>();

  beforeAll(async () => {
    server = Fastify();
    server.get<{ Params: { name: string } }>('/:name', async (request, reply) => {
      try {
        await sendCsv(reply, exports.get(request.params.name)!());
      } catch (error) {
        await reply.status(500).send({ message: (error as Error).message, headersSent: reply.raw.headersSent });
      }
      return reply;
    });
    url = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  const csv = (records: () => AsyncGenerator<readonly string[]>): CsvExport => ({
    filename: 'x.csv',
    columns: ['A', 'B'],
    records: records(),
  });

  it('a query that fails on its first page rejects before the headers are sent', async () => {
    exports.set('first', () =>
      csv(async function* () {
        throw new Error('relation does not exist');
      }),
    );
    const response = await fetch(`${url}/first`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'relation does not exist', headersSent: false });
  });

  it('a failure mid-stream cuts that download and the server keeps answering', async () => {
    exports.set('middle', () =>
      csv(async function* () {
        yield ['1', '2'];
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('connection lost');
      }),
    );
    exports.set('fine', () =>
      csv(async function* () {
        yield ['=1', 'b'];
      }),
    );
    const cut = await fetch(`${url}/middle`);
    expect(cut.status).toBe(200);
    await expect(cut.text()).rejects.toThrow();
    const fine = await fetch(`${url}/fine`);
    expect(fine.status).toBe(200);
    expect(Buffer.from(await fine.arrayBuffer()).toString('utf8')).toBe("\ufeffA,B\r\n'=1,b\r\n");
  });

  it('an empty export is just the header', async () => {
    exports.set('empty', () => csv(async function* () {}));
    const response = await fetch(`${url}/empty`);
    expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe('\ufeffA,B\r\n');
  });
});
