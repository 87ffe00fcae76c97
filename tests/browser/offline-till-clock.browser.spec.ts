import type { BrowserContext, Page } from 'playwright-core';
import { MANAGER, useBrowserApp } from './support/browser-app';
import { newProduct, stockOf } from './support/catalogue';
import { expectHidden, navigate, signIn } from './support/screen';
import { queuedSaleIds, sellByKeyboard, tillReadyOffline } from './support/till';

type QueuedOffline = { saleId: string; soldAt: string; catalogAsOf: string };

/** The offline facts of each queued sale, straight from IndexedDB. */
const queuedOffline = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<QueuedOffline[]>((resolve) => {
        const request = (globalThis as any).indexedDB.open('glow-till');
        request.onsuccess = () => {
          const all = request.result.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () =>
            resolve(all.result.map((sale: any) => ({ saleId: sale.saleId, ...sale.payload.offline })));
        };
      }),
  );

/**
 * Every page of the context reads a clock `shiftMs` off the real one (Date.now and new Date(), as a
 * till whose clock was set wrong): the server and the test keep the real time.
 */
async function shiftBrowserClock(context: BrowserContext, shiftMs: number): Promise<void> {
  await context.addInitScript((shift: number) => {
    const RealDate = Date;
    const shiftedNow = () => RealDate.now() + shift;
    (globalThis as any).Date = new Proxy(RealDate, {
      construct: (target, args, newTarget) =>
        Reflect.construct(target, args.length > 0 ? args : [shiftedNow()], newTarget),
      apply: () => new RealDate(shiftedNow()).toString(),
      get: (target, property, receiver) => (property === 'now' ? shiftedNow : Reflect.get(target, property, receiver)),
    });
  }, shiftMs);
}

const MINUTE = 60_000;

describe('an offline till whose clock is wrong stamps its sales in the server time', () => {
  const harness = useBrowserApp();

  const openTill = async (shiftMs: number) => {
    const { context, page } = await harness.newPage(1280);
    await shiftBrowserClock(context, shiftMs);
    await page.goto('/');
    await signIn(page, MANAGER.username, MANAGER.password);
    expect(await page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + shiftMs - MINUTE);
    expect(await page.evaluate(() => Date.now())).toBeLessThan(Date.now() + shiftMs + MINUTE);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    return { context, page };
  };

  it.each([
    ['10 minutes fast', 10 * MINUTE],
    ['10 minutes slow', -10 * MINUTE],
  ])('a till %s: the offline sale syncs, recorded at the real time of sale', async (_label, shiftMs) => {
    const toner = await newProduct(harness, { name: 'Clock Toner', stock: 6, price: '1200', skuPrefix: 'CLK' });
    const fetched = Date.now();
    const { context, page } = await openTill(shiftMs);

    await context.setOffline(true);
    const before = Date.now();
    await sellByKeyboard(page, [toner.sku]);
    const after = Date.now();
    const [queued] = await queuedOffline(page);

    // Sent when the connection returns, and taken (a refusal would keep the status shown).
    await context.setOffline(false);
    await expectHidden(page.getByTestId('till-offline-status'), 30_000);
    expect(await queuedSaleIds(page)).toEqual([]);
    // Stamped in the server's time: the real one (the test's clock is the server's), not the page's.
    expect(Date.parse(queued!.soldAt)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(queued!.soldAt)).toBeLessThanOrEqual(after + 2_000);
    expect(Date.parse(queued!.catalogAsOf)).toBeGreaterThanOrEqual(fetched - 2_000);
    expect(Date.parse(queued!.catalogAsOf)).toBeLessThanOrEqual(before + 2_000);
    const sale = (await harness.manager.get(`/api/sales/${queued!.saleId}`)).body as {
      createdAt: string;
      totalValue: string;
    };
    expect(sale.totalValue).toBe('1200.00');
    // Recorded at the time of sale the till stamped, which is the real one.
    expect(sale.createdAt).toBe(queued!.soldAt);
    expect(await stockOf(harness, toner.id)).toBe(5);
    await context.close();
  });
});
