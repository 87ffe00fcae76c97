import { useReadModelDatabase } from '../testing/projection-test-kit';
import { allAuditEntries, listAudit } from './list-audit.query';

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

  const expected = async (pattern: string) =>
    (
      await db.knex.raw<{ rows: { event_id: string }[] }>(
        `select event_id from audit_log where summary ilike ? or actor_name ilike ?
         order by position_commit desc, position_prepare desc`,
        [pattern, pattern],
      )
    ).rows.map((row) => row.event_id);

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
