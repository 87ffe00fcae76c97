import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateReadModels } from './read-model.migrations';
import { readCheckpoints } from './runner/checkpoint.store';
import { useReadModelDatabase } from './testing/projection-test-kit';

/**
 * A database of the version before product_ledger: its old tables, checkpoints and product audit
 * rows. The next start's migrations drop the old tables, forget the retired projections' places and
 * reset the renamed ledger's, so the ledger replays the store into the new tables; nothing by hand.
 */
/** Once reset, the ledger keeps its place: a later start's migrations leave its checkpoint alone. */
async function expectLaterStartsKeepLedgerPlace(knex: Knex): Promise<void> {
  await knex('projection_checkpoints').insert({ name: 'stock_ledger', commit: '43', prepare: '8' });
  await migrateReadModels(knex);
  const [ledger] = await readCheckpoints(knex, ['stock_ledger']);
  expect(ledger?.position).toEqual({ commit: 43n, prepare: 8n });
}

describe('read-model migrations retire the tables product_ledger and daily_rollup replaced', () => {
  const db = useReadModelDatabase();

  it('drops them, forgets their checkpoints, and resets the ledger once', async () => {
    const { knex } = db;
    await knex.raw('drop table product_ledger');
    await knex.raw('create table transactions (id uuid primary key)');
    await knex.raw('create table daily_staff_sales (business_day date primary key)');
    for (const name of ['stock_ledger', 'transactions', 'daily_staff_sales', 'users']) {
      await knex('projection_checkpoints').insert({ name, commit: '42', prepare: '7' });
    }
    await knex('audit_log').insert([
      {
        event_id: randomUUID(),
        entity: 'product',
        entity_id: randomUUID(),
        event_type: 'StockIssued',
        summary: 'Stock out',
        details: {},
        actor_name: 'ada',
        at: '2025-03-10T09:00:00Z',
        position_commit: '1',
        position_prepare: '1',
      },
      {
        event_id: randomUUID(),
        entity: 'user',
        entity_id: 'u1',
        event_type: 'UserSignedIn',
        summary: 'ada signed in',
        details: {},
        actor_name: 'ada',
        at: '2025-03-10T09:00:00Z',
        position_commit: '2',
        position_prepare: '2',
      },
    ]);

    await migrateReadModels(knex);

    const tables = await knex.raw<{ rows: { name: string }[] }>(
      `select table_name as name from information_schema.tables where table_schema = current_schema()
       and table_name in ('transactions', 'daily_staff_sales', 'product_ledger', 'daily_rollup') order by 1`,
    );
    expect(tables.rows.map((row) => row.name)).toEqual(['daily_rollup', 'product_ledger']);
    const names = (await knex('projection_checkpoints').select('name').orderBy('name')).map((row) => row.name);
    expect(names).toEqual(['users']);
    expect((await knex('audit_log').select('entity')).map((row) => row.entity)).toEqual(['user']);

    await expectLaterStartsKeepLedgerPlace(knex);
  });

  it.each([
    ['do not name their audit text yet', 'alter table product_ledger drop column text_id'],
    [
      'still carry a copy of their event data',
      `alter table product_ledger add column details jsonb not null default '{}'`,
    ],
    ['still carry an empty list of changes', 'alter table product_ledger alter column changes set not null'],
  ])('replays a ledger whose rows %s, with its rollup, once', async (_shape, earlierShape) => {
    const { knex } = db;
    await knex.raw(earlierShape);
    await knex.raw(`insert into daily_rollup (recorded_day, effective_day, direction, reason, sale_sign, category, staff,
      count, units, value, out_profit, sale_total, sale_original_total, sale_discount, sale_profit, sale_quantity,
      sale_lines, reversed_lines)
      values ('2025-03-10', '2025-03-10', 'out', 'sale', 1, 'Skin', 'ada', 1, 2, 3000, 0, 3000, 3000, 0, 0, 2, 1, 0)`);
    await knex('projection_checkpoints').delete();
    for (const name of ['stock_ledger', 'products']) {
      await knex('projection_checkpoints').insert({ name, commit: '42', prepare: '7' });
    }

    await migrateReadModels(knex);

    const columns = await knex.raw<{ rows: { name: string }[] }>(
      `select column_name as name from information_schema.columns
       where table_schema = current_schema() and table_name = 'product_ledger' and column_name in ('text_id', 'details')`,
    );
    expect(columns.rows.map((row) => row.name)).toEqual(['text_id']);
    expect(Number((await knex('daily_rollup').count({ rows: '*' }))[0]?.rows)).toBe(0);
    const names = (await knex('projection_checkpoints').select('name').orderBy('name')).map((row) => row.name);
    expect(names).toEqual(['products']);

    await expectLaterStartsKeepLedgerPlace(knex);
  });

  it('replaces the descending position indexes of the audit walks with ascending ones', async () => {
    const { knex } = db;
    await knex.raw(
      'create index product_ledger_newest_idx on product_ledger (position_commit desc, position_prepare desc)',
    );
    await knex.raw('create index audit_log_actor_newest_idx on audit_log (actor_id, position_commit desc)');
    await knex.raw('drop index product_ledger_position_idx');

    await migrateReadModels(knex);

    const indexes = await knex.raw<{ rows: { name: string; definition: string }[] }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = current_schema() and (indexname like '%newest_idx' or indexname like '%position_idx')
       order by 1`,
    );
    expect(indexes.rows.map((row) => row.name)).toEqual([
      'audit_log_actor_position_idx',
      'audit_log_entity_position_idx',
      'audit_log_position_idx',
      'product_ledger_actor_position_idx',
      'product_ledger_position_idx',
      'products_live_newest_idx',
    ]);
    expect(indexes.rows.filter((row) => row.name.endsWith('_position_idx') && / desc/i.test(row.definition))).toEqual(
      [],
    );
  });
});
