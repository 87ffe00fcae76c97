import type { BrowserContext, Page } from 'playwright-core';
import { MANAGER, useBrowserApp } from './support/browser-app';
import { newProduct, stockOf } from './support/catalogue';
import {
  answerConfirm,
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  navigate,
  screenshot,
  signIn,
  signInAnywhere,
} from './support/screen';
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

describe('a sale the server refused can be discarded in the till', () => {
  const harness = useBrowserApp();

  /** A till (signed in as `who`) whose offline sale of 2 balms the server refused (409). */
  const tillWithRefusedSale = async (who: { username: string; password: string }) => {
    const balm = await newProduct(harness, { name: 'Refused Balm', stock: 5, price: '800', skuPrefix: 'REF' });
    const { context, page } = await harness.newPage(1280);
    // A catalogue that shows the balm at a price its ledger never had: the server refuses the sale.
    await page.route('**/api/products', async (route) => {
      const response = await route.fetch();
      const products = (await response.json()) as { id: string; price: string }[];
      await route.fulfill({
        response,
        json: products.map((product) => (product.id === balm.id ? { ...product, price: '850.00' } : product)),
      });
    });
    await page.goto('/');
    await signIn(page, who.username, who.password);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    const tile = page.getByTestId('product-tile').filter({ hasText: balm.name });
    await expectText(tile.getByTestId('tile-price'), /850\.00/);

    await context.setOffline(true);
    await sellByKeyboard(page, [balm.sku, balm.sku]);
    const [saleId] = await queuedSaleIds(page);
    await expectText(tile.getByTestId('tile-stock'), '3 in stock');

    await context.setOffline(false);
    const refused = page.getByTestId('till-refused-sale');
    await expectVisible(refused, 30_000);
    await expectText(refused, /The offline price 850\.00 for Refused Balm .* was never its price/);
    // Refused, the sale still counts against the stock shown: the goods left the shop.
    await expectText(tile.getByTestId('tile-stock'), '3 in stock');
    return { context, page, balm, saleId: saleId!, tile, refused };
  };

  it('shows the refusal, keeps the sale until a manager confirms the discard, then stops counting it', async () => {
    const { context, page, balm, saleId, tile, refused } = await tillWithRefusedSale(MANAGER);
    const confirmation = `Are you sure you want to discard the refused sale ${saleId}? It will never be recorded, and its items stop counting against the stock shown. This action cannot be undone.`;
    const answer = (accept: boolean) => answerConfirm(page, accept);

    await screenshot(page, 'offline-till-refused-sale', 1280, { fullPage: false });
    const declined = answer(false);
    await refused.getByRole('button', { name: `Discard sale ${saleId}`, exact: true }).click();
    expect(await declined).toBe(confirmation);
    await expectVisible(refused);
    expect(await queuedSaleIds(page)).toEqual([saleId]);

    const accepted = answer(true);
    await refused.getByTestId('till-discard-refused').click();
    expect(await accepted).toBe(confirmation);
    await expectHidden(page.getByTestId('till-offline-status'));
    expect(await queuedSaleIds(page)).toEqual([]);
    await expectText(tile.getByTestId('tile-stock'), '5 in stock');
    // Nothing was recorded, and nothing is sent later.
    expect((await harness.manager.get(`/api/sales/${saleId}`)).status).toBe(404);
    expect(await stockOf(harness, balm.id)).toBe(5);
    await context.close();
  });

  it('leaves the discard to a manager: an assistant sees the refusal and who can resolve it', async () => {
    const assistant = { username: `refused.${Date.now().toString(36)}`, password: 'assistant-secret-9' };
    expect((await harness.manager.post('/api/users', { ...assistant, role: 'assistant' })).status).toBe(201);
    const { context, page, refused } = await tillWithRefusedSale(assistant);
    await expectText(page.getByTestId('till-refused-sales'), /A manager can discard them on this till\./);
    expect(await refused.getByTestId('till-discard-refused').count()).toBe(0);
    await context.close();
  });

  // Signing in sends only the sales still waiting; a refused one stays for a manager, so the sign-in
  // notice once counted it among those "waiting: sign in again to send it".
  it('on the sign-in page, counts the refused sale apart from the one signing in will send', async () => {
    // Made first: the till's catalogue has to know it.
    const toner = await newProduct(harness, { name: 'Waiting Toner', stock: 4, price: '1200', skuPrefix: 'WAIT' });
    const { context, page } = await tillWithRefusedSale(MANAGER);
    await context.setOffline(true);
    await sellByKeyboard(page, [toner.sku]);
    expect(await queuedSaleIds(page)).toHaveLength(2);
    // Closed, so the screenshots show the notice rather than the toast over it at 375 px.
    await expectToast(page, { title: 'Sale saved offline' });
    await page.getByTestId('sidebar').getByTestId('sign-out-button').click();
    await expectVisible(page.getByTestId('sign-in-form'));

    const waiting = page.getByTestId('queued-sales-notice');
    const refusedNotice = page.getByTestId('refused-sales-notice');
    await expectText(waiting, '1 sale taken offline on this till is waiting: sign in again to send it.');
    await expectText(refusedNotice, '1 sale refused by the server waits for a manager on the till.');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await screenshot(page, 'sign-in-queued-and-refused', width, { fullPage: false });
      // The notice (fixed at the top) leaves the sign-in card clear.
      const notice = await page.getByTestId('queued-sales-status').boundingBox();
      const card = await page.getByTestId('sign-in-card').boundingBox();
      expect(notice!.y + notice!.height).toBeLessThanOrEqual(card!.y);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signing in sends the toner sale; the refused one stays, and so does its notice.
    await context.setOffline(false);
    await signInAnywhere(page, MANAGER.username, MANAGER.password);
    for (let attempt = 0; attempt < 60 && (await queuedSaleIds(page)).length > 1; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await queuedSaleIds(page)).toHaveLength(1);
    expect(await stockOf(harness, toner.id)).toBe(3);
    await page.getByTestId('sidebar').getByTestId('sign-out-button').click();
    await expectVisible(page.getByTestId('sign-in-form'));
    await expectText(refusedNotice, '1 sale refused by the server waits for a manager on the till.');
    expect(await waiting.count()).toBe(0);
    await context.close();
  });
});
