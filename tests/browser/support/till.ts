import type { Page } from 'playwright-core';
import { expectHidden, expectVisible } from './screen';

/** The offline till in the browser suites: ready to sell offline, its queue, keyboard sales. */

/** Waits until the till has its catalogue in IndexedDB and a service worker is active. */
export async function tillReadyOffline(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as any).navigator.serviceWorker.ready;
  });
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const request = (globalThis as any).indexedDB.open('glow-till');
        request.onerror = () => resolve(false);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('catalogue')) return resolve(false);
          const get = db.transaction('catalogue').objectStore('catalogue').get('products');
          get.onsuccess = () => resolve(Boolean(get.result?.products?.length));
          get.onerror = () => resolve(false);
        };
      }),
    undefined,
    { polling: 250 },
  );
}

/** The queued sales (id and seller), straight from IndexedDB. */
export const queuedSales = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ saleId: string; seller: string }[]>((resolve) => {
        const request = (globalThis as any).indexedDB.open('glow-till');
        request.onsuccess = () => {
          const all = request.result.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () =>
            resolve(
              all.result.map((sale: any) => ({ saleId: sale.saleId, seller: sale.payload.offline?.sellerName ?? '' })),
            );
        };
      }),
  );

/** Scans each SKU into the cart (Enter), waiting for the box to clear after each. */
export async function scanAll(page: Page, skus: readonly string[]): Promise<void> {
  const search = page.getByTestId('till-search');
  await search.focus();
  for (const sku of skus) {
    await page.keyboard.type(sku);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector('[data-testid="till-search"]')?.value === '',
    );
  }
}

/** F7 pays in cash, F9 confirms; the slip closes. */
export async function payCashByKeyboard(page: Page): Promise<void> {
  await page.keyboard.press('F7');
  const dialog = page.getByTestId('cart-dialog');
  await expectVisible(dialog);
  await dialog.locator('[data-testid="payment-cash"][aria-pressed="true"]').waitFor();
  await page.keyboard.press('F9');
  await expectHidden(dialog);
}

/** The queued sales' ids, in queue order. */
export const queuedSaleIds = async (page: Page): Promise<string[]> =>
  (await queuedSales(page)).map((sale) => sale.saleId);

/** One cash sale by keyboard: SKU + Enter for each item, F7 pays in cash, F9 confirms. */
export async function sellByKeyboard(page: Page, skus: readonly string[]): Promise<void> {
  await scanAll(page, skus);
  await payCashByKeyboard(page);
}
