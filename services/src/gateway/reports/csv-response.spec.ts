import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { sendCsv, type CsvExport } from './csv-response';

/** sendCsv on a real Express server: a failure to start is thrown before any byte; one mid-stream cuts only that download. */
describe('sendCsv', () => {
  let server: Server;
  let url: string;
  const exports = new Map<string, () => CsvExport>();

  beforeAll(async () => {
    const app = express();
    app.get('/:name', async (request, response) => {
      try {
        await sendCsv(response, exports.get(request.params.name)!());
      } catch (error) {
        response.status(500).json({ message: (error as Error).message, headersSent: response.headersSent });
      }
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

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
