/**
 * Rebuild throughput, outside Jest (whose module sandbox slows zod parsing several-fold):
 *   npm run build:server && node projections/dist/runner/rebuild.bench.js [events=200000]
 * PGlite in memory, or with DATABASE_URL a scratch database created on that server and dropped after.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, type Database } from '@shop/infrastructure';
import { PostgresEventStore, type NewEvent, type StreamAppend } from '@shop/infrastructure';
import { allProjections } from '../all-projections';
import { migrateReadModels } from '../read-model.migrations';
import { newEvent, productCreated, stockIssued, stockReceived } from '../testing/event-builders';
import { rebuildReadModels } from './rebuild-read-models';

/** Mostly sales, as in a shop: per product 1 creation, 42 sale lines, 7 receipts, a sign-in. */
function shopHistory(count: number): StreamAppend[] {
  const appends: StreamAppend[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let produced = 0; produced < count;) {
    const product = productCreated({ openingStock: 1_000_000, minStockLevel: 5 });
    const at = (offset: number) => new Date(start + (produced + offset) * 60_000).toISOString();
    const events: NewEvent[] = [newEvent('ProductCreated', product, at(0))];
    for (let index = 1; index < 50; index++) {
      events.push(
        index % 7 === 0
          ? newEvent('StockReceived', stockReceived(product.productId, 10, { costPrice: '900.00' }), at(index))
          : newEvent(
              'StockIssued',
              stockIssued(product.productId, 1 + (index % 3), '1500.00', { costPrice: '900.00' }),
              at(index),
            ),
      );
    }
    events.push(newEvent('UserSignedIn', { userId: randomUUID() }, at(50)));
    appends.push({ streamId: `product-${product.productId}`, events, expectedVersion: 'any' });
    produced += events.length;
  }
  return appends;
}

async function scratchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: scratch.toString() });
  return {
    database,
    async drop() {
      await database.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

async function main(eventCount: number): Promise<void> {
  const { database, drop } = await scratchDatabase();
  const eventStore = await PostgresEventStore.open(database.knex);
  try {
    await migrateReadModels(database.knex);
    const appends = shopHistory(eventCount);
    for (let index = 0; index < appends.length; index += 40)
      await eventStore.appendMany(appends.slice(index, index + 40));
    const result = await rebuildReadModels({
      knex: database.knex,
      eventStore,
      projections: allProjections,
      onProgress: (progress) =>
        process.stdout.write(`\r  ${progress.eventsRead} events, ${progress.eventsPerSecond}/s   `),
    });
    console.log(
      `\n${database.engine}: ${result.eventsRead} events in ${result.durationMs} ms = ${result.eventsPerSecond} events/s`,
    );
    for (const entry of result.projections) console.log(`  ${entry.name}: ${entry.eventsProjected} events`, entry.rows);
  } finally {
    await eventStore.close();
    await drop();
  }
}

if (require.main === module) {
  main(Number(process.argv[2] ?? 200_000)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
