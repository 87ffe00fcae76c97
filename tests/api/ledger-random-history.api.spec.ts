import { inventoryItemResponse, reportSummaryResponse } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';
import { appendRandomHistory, seeded } from './support/ledger-history.generator';
import {
  asApiFigures,
  movementSummary,
  readEverything,
  salesSummary,
  stockAsOf,
  type RawEvent,
} from './support/ledger-brute-force';

const START = new Date('2025-01-01T00:00:00.000+01:00');
const DAYS = 75;
const q = (date: Date | number) => encodeURIComponent(new Date(date).toISOString());

/**
 * Thousands of movements across products, days and staff members, appended straight to the event
 * store with chosen timestamps; then "stock as of" and the range reports, at many points, must equal
 * a brute-force recomputation from the raw events read back with readAll.
 */
describe('ledger over a random history, against a brute-force recomputation', () => {
  const app = useTestApp();
  let events: RawEvent[];

  beforeAll(async () => {
    const last = await appendRandomHistory(app.infrastructure.eventStore, {
      seed: 5_2025,
      start: START,
      days: DAYS,
      eventsPerDay: 60,
    });
    expect(await app.infrastructure.runner.waitFor(last, 180_000)).toBe(true);
    events = await readEverything(app.infrastructure.eventStore);
  }, 300_000);

  it('generated a history worth checking', () => {
    const count = (predicate: (raw: RawEvent) => boolean) => events.filter(predicate).length;
    const movements = count(({ event }) => event.type === 'StockReceived' || event.type === 'StockIssued');
    expect(movements).toBeGreaterThan(3_000);
    expect(count(({ event }) => event.type === 'ProductDeleted')).toBeGreaterThan(0);
    expect(
      count(({ event }) => (event.data as { reverses?: { reason: string } }).reverses?.reason === 'sale'),
    ).toBeGreaterThan(10);
    expect(
      count(({ event }) => (event.data as { reverses?: { type: string } }).reverses?.type === 'in'),
    ).toBeGreaterThan(10);
    expect(count(({ event }) => (event.data as { stocktake?: unknown }).stocktake !== undefined)).toBeGreaterThan(10);
  });

  it('gives the stock of every product as it was at many instants', async () => {
    const random = seeded(99);
    const end = START.getTime() + DAYS * 86_400_000;
    const instants = [
      START.getTime() - 1,
      ...Array.from({ length: 10 }, () => START.getTime() + random.int(end - START.getTime())),
      end + 1,
    ];
    for (const instant of instants) {
      const response = await app.manager.get(`/api/inventory?asOf=${q(instant)}`);
      expect(response.status).toBe(200);
      const expected = stockAsOf(events, instant);
      const actual = new Map<string, unknown>(
        response.body.map((item: unknown) => {
          const parsed = inventoryItemResponse.parse(item);
          return [
            parsed.id,
            { stock: parsed.currentStock, costPrice: parsed.costPrice, stockValue: parsed.stockValue },
          ];
        }),
      );
      expect({ instant: new Date(instant).toISOString(), rows: actual }).toEqual({
        instant: new Date(instant).toISOString(),
        rows: expected,
      });
    }
    const now = await app.manager.get('/api/inventory');
    const products = await app.manager.get('/api/products');
    expect(now.body.map((item: { id: string; currentStock: number }) => [item.id, item.currentStock])).toEqual(
      products.body.map((item: { id: string; currentStock: number }) => [item.id, item.currentStock]),
    );
  });

  it('reports any range exactly, corrected and as known at earlier instants', async () => {
    const day = 86_400_000;
    const at = (days: number) => START.getTime() + days * day;
    const ranges: { from: number; to: number; knownAt?: number }[] = [
      { from: at(0), to: at(31) },
      { from: at(31), to: at(59) },
      { from: at(10), to: at(17) },
      { from: at(40) + 3_600_000, to: at(41) - 1 },
      { from: at(0), to: at(DAYS) },
      { from: at(0), to: at(31), knownAt: at(31) },
      { from: at(0), to: at(31), knownAt: at(45) },
      { from: at(20), to: at(50), knownAt: at(35) + 12_345 },
      // Partial first and last days around whole ones, cut by a knownAt in the middle of a day.
      { from: at(5) + 7_777_777, to: at(44) + 33_333_333, knownAt: at(60) + 43_210_000 },
      { from: at(5) + 7_777_777, to: at(44) + 33_333_333, knownAt: at(30) + 43_210_000 },
      { from: at(12) + 1, to: at(13) - 1, knownAt: at(12) + 50_000_000 },
    ];
    let corrected = 0;
    for (const range of ranges) {
      const query = `from=${q(range.from)}&to=${q(range.to)}${range.knownAt ? `&knownAt=${q(range.knownAt)}` : ''}`;
      const response = await app.manager.get(`/api/reports/summary?${query}`);
      expect(response.status).toBe(200);
      const report = reportSummaryResponse.parse(response.body);
      const expected = salesSummary(events, range.from, range.to, range.knownAt);
      const label = { query };
      expect({ ...label, sales: { ...report.sales, originalTotal: undefined } }).toEqual({
        ...label,
        sales: { ...asApiFigures(expected.totals), originalTotal: undefined },
      });
      expect(
        Object.fromEntries(report.byCategory.map(({ category, originalTotal: _, ...figures }) => [category, figures])),
      ).toEqual(
        Object.fromEntries([...expected.byCategory].map(([category, figures]) => [category, asApiFigures(figures)])),
      );
      expect(
        Object.fromEntries(report.byStaff.map(({ staff, originalTotal: _, ...figures }) => [staff, figures])),
      ).toEqual(Object.fromEntries([...expected.byStaff].map(([staff, figures]) => [staff, asApiFigures(figures)])));
      expect({ ...label, movements: report.movements.byReason }).toEqual({
        ...label,
        movements: movementSummary(events, range.from, range.to, range.knownAt),
      });
      // Stock at the end of the range, as known then.
      const stockEnd = range.knownAt !== undefined && range.knownAt < range.to ? range.knownAt : range.to;
      const stock = stockAsOf(events, stockEnd, stockEnd !== range.to);
      expect(report.stock.totalProducts).toBe(stock.size);
      expect(report.stock.totalUnits).toBe([...stock.values()].reduce((sum, item) => sum + item.stock, 0));
      if (range.knownAt && range.knownAt < Date.now()) {
        const now = salesSummary(events, range.from, range.to);
        if (!now.totals.totalSales.equals(expected.totals.totalSales)) corrected += 1;
      }
    }
    // Reversals recorded after knownAt changed at least one period's figures: both views were exercised.
    expect(corrected).toBeGreaterThan(0);
  });

  it('keeps daily sales per staff member, backfilled like every read model, equal to the raw events', async () => {
    const response = await app.manager.get('/api/reports/staff-daily?from=2025-01-01&to=2025-12-31');
    expect(response.status).toBe(200);
    const expected = salesSummary(events, START.getTime(), START.getTime() + 366 * 86_400_000).byDayStaff;
    const actual = new Map<string, unknown>(
      response.body.map(
        (row: {
          day: string;
          staff: string;
          totalSales: string;
          unitsSold: number;
          profit: string;
          discounts: string;
          saleLines: number;
        }) => [
          `${row.day} ${row.staff}`,
          {
            totalSales: row.totalSales,
            unitsSold: row.unitsSold,
            profit: row.profit,
            discounts: row.discounts,
            saleLines: row.saleLines,
          },
        ],
      ),
    );
    const wanted = new Map(
      [...expected].map(([key, figures]) => {
        const api = asApiFigures(figures);
        return [
          key,
          {
            totalSales: api.totalSales,
            unitsSold: api.unitsSold,
            profit: api.profit,
            discounts: api.discounts,
            saleLines: api.saleLines,
          },
        ];
      }),
    );
    expect(actual).toEqual(wanted);
  });
});
