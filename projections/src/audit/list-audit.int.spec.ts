import {
  FakeLedger,
  newEvent,
  productCreated,
  project,
  stockIssued,
  useReadModelDatabase,
} from '../testing/projection-test-kit';
import type { Knex } from 'knex';
import { productLedgerProjection } from '../ledger/product-ledger.projection';
import { allAuditEntries, listAudit } from './list-audit.query';

/** The ids a plain filter finds, newest first: what the search must page through. */
const plainFilter = async (knex: Knex, table: 'audit_log' | 'product_ledger', pattern: string) =>
  (
    await knex.raw<{ rows: { event_id: string }[] }>(
      `select event_id from ${table} where summary ilike ? or actor_name ilike ?
       order by position_commit desc, position_prepare desc`,
      [pattern, pattern],
    )
  ).rows.map((row) => row.event_id);

/**
 * Free text past the newest rows: more rows than the first slice a text is looked for in (2,000),
 * so a rare text goes on to the trigram indexes where the engine has pg_trgm, and to the walk
 * where it has not. Either way the pages are those of a plain filter, newest first.
 */
describe('audit trail search', () => {
  const db = useReadModelDatabase();
  const ROWS = 3_000;

  beforeAll(async () => {
    // Every 500th row, all of them older than the newest 2,000, names the needle.
    await db.knex.raw(
      `insert into audit_log (event_id, entity, entity_id, event_type, summary, details, actor_id, actor_name, at,
         position_commit, position_prepare)
       select md5(i::text)::uuid, 'user', 'user-' || (i % 7), 'UserSignedIn',
         case when i % 500 = 0 and i <= 1000 then 'Found the Needle ' || i else 'user' || (i % 7) || ' signed in' end,
         '{}'::jsonb, 'user-' || (i % 7), case when i = 10 then 'needle keeper' else 'clerk' end,
         timestamptz '2025-01-01' + i * interval '1 minute', i, i
       from generate_series(1, ?) as i`,
      [ROWS],
    );
  });

  const expected = (pattern: string) => plainFilter(db.knex, 'audit_log', pattern);

  it('pages a rare text newest first, the actor name included, as a plain filter would', async () => {
    const first = await listAudit(db.knex, { q: 'needle', limit: 2 });
    const second = await listAudit(db.knex, { q: 'needle', limit: 2, before: first.nextBefore ?? undefined });
    expect([...first.entries, ...second.entries].map((entry) => entry.id)).toEqual(await expected('%needle%'));
    expect(first.entries.map((entry) => entry.summary)).toEqual(['Found the Needle 1000', 'Found the Needle 500']);
    expect(second.entries.map((entry) => entry.by)).toEqual(['needle keeper']);
    expect(second.nextBefore).toBeNull();
  });

  it('finds nothing for a text no row holds, and the same for one entity', async () => {
    expect((await listAudit(db.knex, { q: 'haystack', limit: 50 })).entries).toEqual([]);
    expect((await listAudit(db.knex, { q: 'haystack', entity: 'user', limit: 50 })).entries).toEqual([]);
  });

  it('gives a common text its newest page, and the export every match', async () => {
    const page = await listAudit(db.knex, { q: 'signed in', limit: 3 });
    const all = await expected('%signed in%');
    expect(page.entries.map((entry) => entry.id)).toEqual(all.slice(0, 3));
    const exported: string[] = [];
    for await (const entry of allAuditEntries(db.knex, { q: 'NEEDLE' }, 2)) exported.push(entry.id);
    expect(exported).toEqual(await expected('%needle%'));
  });

  it('finds the same without the trigram indexes (an engine without pg_trgm), by walking', async () => {
    await db.knex.raw('drop index if exists audit_log_text_idx');
    await db.knex.raw('drop index if exists product_ledger_text_idx');
    const first = await listAudit(db.knex, { q: 'needle', limit: 2 });
    const second = await listAudit(db.knex, { q: 'needle', limit: 2, before: first.nextBefore ?? undefined });
    expect([...first.entries, ...second.entries].map((entry) => entry.id)).toEqual(await expected('%needle%'));
  });
});

/**
 * The product ledger's side of the search: a text is looked for in ledger_audit_texts, one row per
 * distinct (summary, actor name), and its ledger rows found by that text's id.
 */
describe('audit trail search in the product ledger', () => {
  const db = useReadModelDatabase();
  const ledger = new FakeLedger();
  const needle = productCreated({ name: 'Needle Serum', sku: 'NS-1', openingStock: 50 });
  const cream = productCreated({ name: 'Cream', sku: 'CR-1', openingStock: 5_000 });

  beforeAll(async () => {
    // The needle's rows, then 2,500 identical sale lines of the cream: the needle is past the first slice.
    const events = [
      newEvent('ProductCreated', needle),
      newEvent('StockIssued', stockIssued(needle.productId, 2, '1500.00')),
      newEvent('StockIssued', stockIssued(needle.productId, 2, '1500.00')),
      newEvent('ProductCreated', cream),
      ...Array.from({ length: 2_500 }, () => newEvent('StockIssued', stockIssued(cream.productId, 1, '1500.00'))),
    ];
    await project(db.knex, productLedgerProjection, ledger.stored(events));
  });

  const expected = (pattern: string) => plainFilter(db.knex, 'product_ledger', pattern);

  it('keeps each distinct text once: 2,500 equal sale lines share one', async () => {
    const texts = await db.knex('ledger_audit_texts').where('summary', 'ilike', '%Cream (CR-1) (Sale)%');
    expect(texts).toEqual([
      expect.objectContaining({ summary: 'Stock out: 1 × Cream (CR-1) (Sale), ₦1,500.00', actor_name: 'tester' }),
    ]);
    expect(Number((await db.knex('ledger_audit_texts').count({ n: '*' }))[0]?.n)).toBe(4);
  });

  it('pages a rare text newest first, through the texts, as a plain filter would', async () => {
    const first = await listAudit(db.knex, { q: 'needle', limit: 2 });
    const second = await listAudit(db.knex, { q: 'needle', limit: 2, before: first.nextBefore ?? undefined });
    const found = [...first.entries, ...second.entries];
    expect(found.map((entry) => entry.id)).toEqual(await expected('%needle%'));
    expect(found.map((entry) => entry.summary)).toEqual([
      'Stock out: 2 × Needle Serum (NS-1) (Sale), ₦3,000.00',
      'Stock out: 2 × Needle Serum (NS-1) (Sale), ₦3,000.00',
      'Created product Needle Serum (NS-1) with 50 in stock',
    ]);
    expect(second.nextBefore).toBeNull();
    expect((await listAudit(db.knex, { q: '3,000', limit: 5 })).entries).toHaveLength(2);
    // Case-insensitive as ILIKE: the texts' lower-case copies against the lowered text.
    expect((await listAudit(db.knex, { q: 'NeEdLe SERUM', limit: 5 })).entries).toHaveLength(3);
  });

  it('finds the same without the trigram index, by walking', async () => {
    await db.knex.raw('drop index if exists ledger_audit_texts_text_idx');
    const page = await listAudit(db.knex, { q: 'NEEDLE', limit: 10 });
    expect(page.entries.map((entry) => entry.id)).toEqual(await expected('%needle%'));
  });
});
