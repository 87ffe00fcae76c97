import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { EVENT_CATALOGUE, INVENTORY_CSV_COLUMNS, TRANSACTIONS_CSV_COLUMNS } from '@shop/contracts';
import { productDecider, productStreamId } from '@shop/domain';
import { restoreCell } from '../../services/src/gateway/reports/csv-cell';
import { lagosBusinessDay } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

/** Names a spreadsheet or a naive CSV writer would get wrong. */
const TRICKY = [
  'Cream, large',
  'The "best" serum',
  'Line one\nline two',
  'Windows\r\nline',
  '=HYPERLINK("http://evil.example","click")',
  '+2+3',
  '-cmd|calc',
  '@SUM(A1:A2)',
  'Tab\tinside',
  "'=quoted already",
  "'plain apostrophe",
  "''",
  'Ọ̀rẹ́ Shea ₦',
  'Lone\rreturn',
];

/** Every cell holding a line break (LF, CR or both) is quoted: readers other than csv-parse split on either. */
function expectLineBreaksQuoted(text: string) {
  for (const name of TRICKY.filter((value) => /[\r\n]/.test(value))) {
    expect(text).toContain(`"${name.replaceAll('"', '""')}"`);
  }
  // Outside quotes, the only line break is the record's CRLF.
  const unquoted = text.replace(/"(?:[^"]|"")*"/g, '');
  expect(unquoted.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
}

async function download(client: ApiClient, path: string) {
  const response = await client.request('GET', path);
  // ApiClient decodes text, which drops a BOM: fetch the raw bytes again with the same cookie.
  const raw = await fetch(`${client.baseUrl}${path}`, {
    headers: { cookie: (client as unknown as { cookie: string }).cookie },
  });
  const bytes = Buffer.from(await raw.arrayBuffer());
  return { status: response.status, headers: raw.headers, bytes, text: bytes.toString('utf8') };
}

const rowsOf = (text: string) =>
  parse(text, { bom: true, columns: true, relax_column_count: false }) as Record<string, string>[];

describe('CSV exports', () => {
  const app = useTestApp();

  it('round-trips awkward names safely: quotes, commas, newlines, formulas', async () => {
    const ids: string[] = [];
    for (const [index, name] of TRICKY.entries()) {
      const created = await app.manager.post('/api/products', {
        name,
        sku: index === 4 ? '=SKU-FORMULA' : `CSV-${index}`,
        category: 'Body Care',
        price: '1250.50',
        currentStock: index,
        minStockLevel: 2,
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
      const moved = await app.manager.post('/api/transactions', {
        productId: created.body.id,
        type: 'in',
        quantity: 3,
        unitPrice: '1250.50',
        reason: 'purchase',
        notes: name,
      });
      expect(moved.status).toBe(201);
    }

    const inventory = await download(app.manager, '/api/reports/inventory.csv');
    expect(inventory.status).toBe(200);
    expect([...inventory.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(inventory.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(inventory.headers.get('content-disposition')).toBe(
      `attachment; filename="inventory-report-${lagosBusinessDay(new Date())}.csv"`,
    );
    expect(inventory.text.slice(1, inventory.text.indexOf('\r\n'))).toBe(INVENTORY_CSV_COLUMNS.join(','));

    expectLineBreaksQuoted(inventory.text);
    const rows = rowsOf(inventory.text);
    // No cell as written may start like a formula: the guard is an apostrophe in front.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const byName = new Map(rows.map((row) => [restoreCell(row.Name!), row]));
    for (const [index, name] of TRICKY.entries()) {
      const row = byName.get(name);
      expect({ name, row }).toEqual({
        name,
        row: {
          Name: expect.any(String),
          SKU: index === 4 ? "'=SKU-FORMULA" : `CSV-${index}`,
          Category: 'Body Care',
          Price: '1250.50',
          'Current Stock': String(index + 3),
          'Min Stock Level': '2',
          'Stock Value': (1250.5 * (index + 3)).toFixed(2),
          Status: index + 3 <= 2 ? 'Low Stock' : 'In Stock',
        },
      });
    }
    expect(byName.get('=HYPERLINK("http://evil.example","click")')!.Name).toBe(
      `'=HYPERLINK("http://evil.example","click")`,
    );
    expect(byName.get("'=quoted already")!.Name).toBe("''=quoted already");
    expect(byName.get("'plain apostrophe")!.Name).toBe("'plain apostrophe");

    const transactions = await download(app.manager, '/api/reports/transactions.csv');
    expect(transactions.headers.get('content-disposition')).toBe(
      `attachment; filename="transactions-report-${lagosBusinessDay(new Date())}.csv"`,
    );
    expectLineBreaksQuoted(transactions.text);
    const lines = rowsOf(transactions.text);
    expect(Object.keys(lines[0]!)).toEqual([...TRANSACTIONS_CSV_COLUMNS]);
    expect(lines).toHaveLength(TRICKY.length);
    // Newest first, as the Transactions page lists them.
    expect(lines.map((line) => restoreCell(line.Notes!))).toEqual([...TRICKY].reverse());
    expect(lines.map((line) => restoreCell(line.Product!))).toEqual([...TRICKY].reverse());
    expect(lines[0]).toMatchObject({
      Type: 'Stock In',
      Quantity: '3',
      'Unit Price': '1250.50',
      'Total Value': '3751.50',
      Reason: 'purchase',
    });
    expect(lines[0]!.Date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const line of lines) for (const cell of Object.values(line)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const ranged = await download(app.manager, `/api/reports/transactions.csv?from=2020-01-01&to=2020-12-31`);
    expect(rowsOf(ranged.text)).toEqual([]);
    expect((await app.manager.get('/api/reports/transactions.csv?from=2025-02-01&to=2025-01-01')).status).toBe(400);
  });

  it('streams large exports page by page, every product once, in listing order', async () => {
    const appends = Array.from({ length: 1_234 }, (_, index) => {
      const productId = randomUUID();
      const [event] = productDecider.decide(
        {
          type: 'CreateProduct',
          productId,
          name: `Bulk, "item" ${String(index).padStart(4, '0')}`,
          sku: `BULK-${index}`,
          category: 'Gift Sets',
          price: '100.00',
          costPrice: null,
          openingStock: index % 7,
          minStockLevel: 3,
          description: null,
          images: [],
        },
        productDecider.initialState(),
      );
      const at = new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString();
      return {
        streamId: productStreamId(productId),
        expectedVersion: 0,
        events: [
          {
            type: event!.type,
            schemaVersion: EVENT_CATALOGUE[event!.type].version,
            data: event!.data,
            metadata: { actorId: null, actorName: 'bulk', at },
          },
        ],
      };
    });
    const results = await app.infrastructure.eventStore.appendMany(appends);
    expect(await app.infrastructure.runner.waitFor(results.at(-1)!.position, 60_000)).toBe(true);

    const csv = await download(app.manager, '/api/reports/inventory.csv');
    const names = rowsOf(csv.text)
      .map((row) => row.Name!)
      .filter((name) => name.startsWith('Bulk'));
    const expected = Array.from(
      { length: 1_234 },
      (_, index) => `Bulk, "item" ${String(index).padStart(4, '0')}`,
    ).reverse();
    expect(names).toEqual(expected);
    const listed = (await app.manager.get('/api/products')).body.map((product: { name: string }) => product.name);
    expect(rowsOf(csv.text).map((row) => restoreCell(row.Name!))).toEqual(listed);

    const asOf = await download(
      app.manager,
      `/api/reports/inventory.csv?asOf=${encodeURIComponent('2025-01-01T00:10:00.000Z')}`,
    );
    expect(asOf.headers.get('content-disposition')).toBe('attachment; filename="inventory-report-2025-01-01.csv"');
    expect(rowsOf(asOf.text)).toHaveLength(601);
  });

  it('is for the reports page only', async () => {
    await app.manager.post('/api/users', { username: 'csvclerk', password: 'csv-secret-1' });
    const clerk = await app.signIn('csvclerk', 'csv-secret-1');
    expect((await clerk.get('/api/reports/inventory.csv')).status).toBe(403);
    expect((await clerk.get('/api/reports/summary')).status).toBe(403);
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { reports: true } } });
    expect((await clerk.get('/api/reports/inventory.csv')).status).toBe(200);
    expect((await app.client().get('/api/reports/transactions.csv')).status).toBe(401);
  });
});
