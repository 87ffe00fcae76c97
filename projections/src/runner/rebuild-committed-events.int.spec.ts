import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { PostgresEventStore, type EventStore } from '@shop/infrastructure';
import { auditLogProjection } from '../audit/audit-log.projection';
import { useReadModelDatabase, userHistory } from '../testing/projection-test-kit';
import { rebuildReadModels } from './rebuild-read-models';

/**
 * On a PostgreSQL server an event is readable only once no older write transaction is open anywhere
 * on the server (PostgresEventStore's settled read). A rebuild must still hold every event committed
 * before it began: it waits for them (bounded) before it swaps. PGlite has one connection, so no
 * other transaction can be open beside the rebuild there.
 */
const onServer = Boolean(process.env.DATABASE_URL);
const describeOnServer = onServer ? describe : describe.skip;

describeOnServer('a rebuild holds every event committed before it began', () => {
  const db = useReadModelDatabase();

  it('waits for events that an open transaction elsewhere keeps unreadable', async () => {
    const { knex } = db;
    const eventStore = await PostgresEventStore.open(knex);
    const holder = await holdTransactionOpen(knex);
    try {
      const userId = await appendUser(eventStore);
      // Committed, but not readable yet: the open transaction is older.
      expect(await eventStore.readAll({ after: null })).toEqual([]);

      const warnings: string[] = [];
      const rebuilding = rebuildReadModels({
        knex,
        eventStore,
        projections: [auditLogProjection],
        logger: { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.release();
      const result = await rebuilding;

      expect(result.eventsRead).toBe(3);
      expect(await auditLines(knex, userId)).toEqual(['Created assistant ada', 'ada signed in', 'Deactivated ada']);
      expect(warnings).toEqual([]);
    } finally {
      await holder.release();
      await eventStore.close();
    }
  });

  it('swaps without them after its wait, with a warning, and leaves them to the live projector', async () => {
    const { knex } = db;
    const eventStore = await PostgresEventStore.open(knex);
    const holder = await holdTransactionOpen(knex);
    try {
      const userId = await appendUser(eventStore);
      const warnings: string[] = [];
      await rebuildReadModels({
        knex,
        eventStore,
        projections: [auditLogProjection],
        settleWaitMs: 200,
        logger: { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined },
      });

      expect(await auditLines(knex, userId)).toEqual([]);
      expect(warnings).toEqual([expect.stringContaining('still unreadable')]);
    } finally {
      await holder.release();
      await eventStore.close();
    }
  });
});

/** A transaction holding a transaction id, open on a connection of its own until released. */
async function holdTransactionOpen(knex: Knex): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: Promise<void>;
  await new Promise<void>((held, failed) => {
    holding = knex.transaction(async (trx) => {
      await trx.raw('select pg_current_xact_id()');
      held();
      await released;
    });
    holding.catch(failed);
  });
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

async function appendUser(eventStore: EventStore): Promise<string> {
  const userId = randomUUID();
  await eventStore.append(`user-${userId}`, userHistory(userId), 0);
  return userId;
}

const auditLines = (knex: Knex, userId: string): Promise<string[]> =>
  knex('audit_log').where({ entity_id: userId }).orderBy('at').pluck('summary');
