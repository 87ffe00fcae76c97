import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../database';
import { PostgresEventStore } from '../event-store';
import { DomainError, productDecider, productStreamId, type ProductCommand } from '@shop/domain';
import { StreamStateCache } from './stream-state-cache';
import { handleCommand } from './handle-command';
import { eachStreamDecides, type StreamDecision } from './stream-decisions';

const writeStreams = (
  store: PostgresEventStore,
  context: Parameters<typeof handleCommand>[1],
  decisions: readonly StreamDecision<any, any>[],
  cache: StreamStateCache,
) => {
  const { streams, decide } = eachStreamDecides(decisions);
  return handleCommand(store, context, streams, decide, { cache });
};

const context = { actorId: null, actorName: 'tester', at: '2026-11-22T10:00:00.000Z' };

/** Two gateways on one store: each has its own cache, so each can hold a stale picture of the other's writes. */
describe('handleCommand with a stream state cache (PGlite)', () => {
  let database: Database;
  let store: PostgresEventStore;
  const productId = randomUUID();
  const streamId = productStreamId(productId);

  const command = (type: 'ReceiveStock' | 'IssueStock', quantity: number): ProductCommand =>
    type === 'ReceiveStock'
      ? {
          type,
          productId,
          movementId: randomUUID(),
          quantity,
          reason: 'purchase',
          unitPrice: '100.00',
          costPrice: null,
          sellerName: 'x',
          notes: null,
          saleId: null,
        }
      : {
          type,
          productId,
          movementId: randomUUID(),
          quantity,
          reason: 'sale',
          unitPrice: null,
          discountPercentage: '0',
          sellerName: 'x',
          notes: null,
          saleId: null,
        };
  const write = (cache: StreamStateCache, productCommand: ProductCommand) =>
    writeStreams(store, context, [{ streamId, decider: productDecider, command: productCommand }], cache);
  const streamLength = async () => (await store.readStream(streamId)).length;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    store = await PostgresEventStore.open(database.knex);
    await writeStreams(
      store,
      context,
      [
        {
          streamId,
          decider: productDecider,
          command: {
            type: 'CreateProduct',
            productId,
            name: 'Shea butter',
            sku: `SHEA-${productId.slice(0, 6)}`,
            category: 'Skincare Products',
            price: '100.00',
            costPrice: null,
            openingStock: 5,
            minStockLevel: 1,
            description: null,
            images: [],
          },
        },
      ],
      new StreamStateCache(),
    );
  });

  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('reloads on a version conflict when another writer moved the stream since it was cached', async () => {
    const gatewayA = new StreamStateCache();
    const gatewayB = new StreamStateCache();
    await write(gatewayA, command('IssueStock', 1)); // A caches stock 4
    await write(gatewayB, command('IssueStock', 1)); // B writes behind A's back: stock 3
    const before = await streamLength();
    await write(gatewayA, command('IssueStock', 3)); // A's cached version is stale: conflict, reload, accept
    expect(await streamLength()).toBe(before + 1);
    // Stock is now 0 whoever asks: A's refreshed cache refuses like the store would.
    await expect(write(gatewayB, command('IssueStock', 1))).rejects.toThrow(DomainError);
    await expect(write(gatewayA, command('IssueStock', 1))).rejects.toThrow(/available/);
  });

  it('never refuses on a stale cached state: a refusal is decided again on the stored stream', async () => {
    const gatewayA = new StreamStateCache();
    const gatewayB = new StreamStateCache();
    await expect(write(gatewayA, command('IssueStock', 2))).rejects.toThrow(DomainError); // A: nothing cached, stock 0 from the store
    await write(gatewayA, command('ReceiveStock', 1)); // A caches stock 1
    await write(gatewayB, command('ReceiveStock', 4)); // B: stock 5, A still believes 1
    await write(gatewayA, command('IssueStock', 3)); // would be refused on A's cached 1
    await write(gatewayA, command('IssueStock', 2)); // A's cache was refreshed by the reload: 0 left
    await expect(write(gatewayA, command('IssueStock', 1))).rejects.toThrow(/available/);
  });
});
