import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../database';
import { PostgresEventStore } from '../event-store';
import { DomainError, productDecider, productStreamId, type ProductCommand } from '@shop/domain';
import { StreamStateCache } from './stream-state-cache';
import { StreamWriteQueue } from './stream-write-queue';
import { handleCommand, toDomainEvents } from './handle-command';
import { eachStreamDecides, type StreamDecision } from './stream-decisions';

const writeStreams = (
  store: PostgresEventStore,
  context: Parameters<typeof handleCommand>[1],
  decisions: readonly StreamDecision<any, any>[],
  cache: StreamStateCache,
  queue?: StreamWriteQueue,
) => {
  const { streams, decide } = eachStreamDecides(decisions);
  return handleCommand(store, context, streams, decide, { cache, queue });
};

const context = { actorId: null, actorName: 'tester', at: '2026-11-22T10:00:00.000Z' };

/** Two gateways on one store: each has its own cache, so each can hold a stale picture of the other's writes. */
describe('handleCommand with a stream state cache (PGlite)', () => {
  let database: Database;
  let store: PostgresEventStore;
  const productId = randomUUID();
  const streamId = productStreamId(productId);

  const command = (type: 'ReceiveStock' | 'IssueStock', quantity: number, ofProduct = productId): ProductCommand =>
    type === 'ReceiveStock'
      ? {
          type,
          productId: ofProduct,
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
          productId: ofProduct,
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
    writeStreams(
      store,
      context,
      [{ streamId: productStreamId(productCommand.productId), decider: productDecider, command: productCommand }],
      cache,
    );
  /** The store, counting the streams read through it. */
  const countingReads = () => {
    let count = 0;
    const counting = new Proxy(store, {
      get: (target, key, receiver) =>
        key === 'readStream'
          ? (...args: Parameters<PostgresEventStore['readStream']>) => {
              count += 1;
              return target.readStream(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    return { counting, reads: () => count };
  };
  const streamLength = async (ofStream = streamId) => (await store.readStream(ofStream)).length;
  const creation = (id: string): ProductCommand => ({
    type: 'CreateProduct',
    productId: id,
    name: 'Shea butter',
    sku: `SHEA-${id.slice(0, 6)}`,
    category: 'Skincare Products',
    price: '100.00',
    costPrice: null,
    openingStock: 5,
    minStockLevel: 1,
    description: null,
    images: [],
  });
  const createProduct = (id: string) =>
    writeStreams(
      store,
      context,
      [{ streamId: productStreamId(id), decider: productDecider, command: creation(id) }],
      new StreamStateCache(),
    );
  /** A valid stored event of any kind (the counting fold below only counts them). */
  const productCreatedLike = () => productDecider.decide(creation(randomUUID()), productDecider.initialState())[0]!;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    store = await PostgresEventStore.open(database.knex);
    await createProduct(productId);
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

  it('with a write queue, concurrent commands on one stream wait for each other instead of conflicting', async () => {
    const cache = new StreamStateCache();
    const queue = new StreamWriteQueue();
    const hotProduct = randomUUID();
    const hotStream = productStreamId(hotProduct);
    await createProduct(hotProduct); // opening stock 5
    await write(cache, command('ReceiveStock', 15, hotProduct)); // 20 in stock, cached
    const before = await streamLength(hotStream);
    const { counting, reads } = countingReads();
    const issue = () =>
      writeStreams(
        counting,
        context,
        [{ streamId: hotStream, decider: productDecider, command: command('IssueStock', 1, hotProduct) }],
        cache,
        queue,
      );
    const results = await Promise.allSettled(Array.from({ length: 25 }, issue));
    // 20 in stock: 20 accepted, 5 refused as out of stock, none lost to a version conflict.
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(refusals).toHaveLength(5);
    refusals.forEach((reason) => expect(reason).toMatch(/available/));
    expect(await streamLength(hotStream)).toBe(before + 20);
    // Only the refusals were decided again on the stored stream: no accepted command re-read it.
    expect(reads()).toBe(5);
    expect(queue.size).toBe(0);
  });

  it('with a write queue, a command decides on the state the earlier append leads to and appends before that one is written', async () => {
    const cache = new StreamStateCache();
    const queue = new StreamWriteQueue();
    const hotProduct = randomUUID();
    await createProduct(hotProduct); // opening stock 5
    await write(cache, command('ReceiveStock', 5, hotProduct)); // 10 in stock, cached
    const events: string[] = [];
    const tracing = new Proxy(store, {
      get: (target, key, receiver) =>
        key === 'appendMany'
          ? (...args: Parameters<PostgresEventStore['appendMany']>) => {
              const call = events.filter((event) => event.startsWith('submit')).length + 1;
              events.push(`submit ${call}`);
              return target.appendMany(...args).finally(() => events.push(`settled ${call}`));
            }
          : Reflect.get(target, key, receiver),
    });
    const issue = (quantity: number) =>
      writeStreams(
        tracing,
        context,
        [
          {
            streamId: productStreamId(hotProduct),
            decider: productDecider,
            command: command('IssueStock', quantity, hotProduct),
          },
        ],
        cache,
        queue,
      );
    const [first, second] = await Promise.all([issue(4), issue(6)]);
    expect(events).toEqual(['submit 1', 'submit 2', 'settled 1', 'settled 2']);
    const stockOf = (state: unknown) => (state as { stock: number }).stock;
    expect([stockOf(first.states[0]), stockOf(second.states[0])]).toEqual([6, 0]);
    await expect(issue(1)).rejects.toThrow(/available/);
  });

  it('refuses unwritten an append decided on an earlier one that the store refused, even when the versions happen to line up', async () => {
    const gatewayA = new StreamStateCache();
    const queue = new StreamWriteQueue();
    const product = randomUUID();
    const stream = productStreamId(product);
    await createProduct(product); // opening stock 5
    await write(gatewayA, command('ReceiveStock', 5, product)); // A caches stock 10 at this version
    await write(new StreamStateCache(), command('IssueStock', 9, product)); // another gateway: 1 left, one event more
    const before = await streamLength(stream);
    const queued = (productCommand: ProductCommand) =>
      writeStreams(
        store,
        context,
        [{ streamId: stream, decider: productDecider, command: productCommand }],
        gatewayA,
        queue,
      );
    // A's first command decides on its stale cache (10 + 10) and is refused by the store; the second
    // decides on 20 and expects exactly the version the other gateway's event reached. Written, it
    // would take 12 out of the 1 + 10 really there.
    const [received, issued] = await Promise.allSettled([
      queued(command('ReceiveStock', 10, product)),
      queued(command('IssueStock', 12, product)),
    ]);
    expect(received.status).toBe('fulfilled');
    expect(issued.status).toBe('rejected');
    expect(String((issued as PromiseRejectedResult).reason)).toMatch(/available/);
    const stored = await store.readStream(stream);
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)!.type).toBe('StockReceived');
    const state = toDomainEvents(stored).reduce(productDecider.evolve, productDecider.initialState());
    expect(state).toMatchObject({ stock: 11 });
  });

  it('decides on a presumed-new stream without reading it, and on the stored stream when it exists after all', async () => {
    const cache = new StreamStateCache();
    const counter = { initialState: () => 0, evolve: (count: number) => count + 1 };
    const once = { streamId: `once-${randomUUID()}`, fold: counter, presumedNew: true } as const;
    const { counting, reads } = countingReads();
    // Writes its one event only on an empty stream: a repeat writes nothing, as a retried sale.
    const record = (gateway: StreamStateCache) =>
      handleCommand(counting, context, [once], ([count]) => [count === 0 ? [productCreatedLike()] : []], {
        cache: gateway,
      });
    const first = await record(cache);
    expect(first.events).toHaveLength(1);
    expect(reads()).toBe(0);
    // Another gateway presumes it new too: its append expects version 0, fails, and it decides again on the store.
    const repeat = await record(new StreamStateCache());
    expect(repeat.events).toEqual([]);
    expect(reads()).toBe(1);
    expect(await streamLength(once.streamId)).toBe(1);
  });

  it('decides once, without reading it, beside a cached stream, on a stream a rule says is empty', async () => {
    const cache = new StreamStateCache();
    const counter = { initialState: () => 0, evolve: (count: number) => count + 1 };
    const written = { streamId: `written-${randomUUID()}`, fold: counter, presumedNew: true } as const;
    const { counting, reads } = countingReads();
    let decisions = 0;
    // The second stream is only read (it gets no event), as a till sale reads an id's order-number registry.
    const record = (readOnly: { streamId: string; fold: typeof counter; knownEmpty?: boolean }) =>
      handleCommand(
        counting,
        context,
        [written, readOnly],
        ([, none]) => {
          decisions += 1;
          expect(none).toBe(0);
          return [[productCreatedLike()], []];
        },
        { cache },
      );
    const empty = () => ({ streamId: `empty-${randomUUID()}`, fold: counter, knownEmpty: true });
    await record(empty());
    await record(empty());
    expect([decisions, reads()]).toEqual([2, 0]);
    // The same stream not known empty: read, once per command.
    await record({ streamId: `plain-${randomUUID()}`, fold: counter });
    expect([decisions, reads()]).toEqual([3, 1]);
    expect(await streamLength(written.streamId)).toBe(3);
  });
});
