import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EVENT_CATALOGUE } from '@shop/contracts';
import { checkDocs, DOCS_DIR, generatedParts, writeDocs } from '../../scripts/docs/generate-docs';
import { replaceGenerated } from '../../scripts/docs/generated-section';
import { collectRoutes, routeKey } from '../../scripts/docs/route-table';
import { servedRoutes } from '../../scripts/docs/served-routes';

/**
 * `npm run docs:check` (in CI) must fail when a committed doc differs from what the code generates:
 * generate into a copy of docs/, then doctor it the ways drift happens and expect the check to say so.
 */
describe('generated docs (npm run docs / docs:check)', () => {
  let parts: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    parts = await generatedParts();
  }, 120_000);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shop-docs-check-'));
    await cp(DOCS_DIR, dir, { recursive: true });
    await writeDocs(dir, parts);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('generates every event type and every route, the same text twice', async () => {
    for (const [type, { version }] of Object.entries(EVENT_CATALOGUE))
      expect(parts['events.md']).toContain(`### ${type} v${version}\n`);
    expect(parts['events.md']).toContain('`reverses?`');
    expect(parts['api.md']).toContain('| `POST /api/transactions/:id/reverse` | manager |');
    expect(parts['api.md']).toContain('| `POST /api/online-orders` | storefront token or manager |');
    expect(parts['api.md']).toContain('#### createTransactionInput');
    expect(await generatedParts()).toEqual(parts);
    expect(await checkDocs(dir, parts)).toEqual([]);
  }, 120_000);

  it('documents exactly the routes the running gateway serves (no route registered outside a controller is missed)', async () => {
    const documented = (await collectRoutes()).map(routeKey).sort();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented).toEqual(await servedRoutes());
  }, 120_000);

  it('reports a doctored generated line, naming the file and the line', async () => {
    const api = join(dir, 'api.md');
    const text = await readFile(api, 'utf8');
    await writeFile(api, text.replace('| `GET /api/audit` | page `audit` |', '| `GET /api/audit` | public |'));
    const [difference, ...others] = await checkDocs(dir, parts);
    expect(others).toEqual([]);
    expect(difference).toMatch(/^docs\/api\.md differs from the generated text from line \d+:/);
    expect(difference).toContain('| `GET /api/audit` | public |');
    expect(difference).toContain('| `GET /api/audit` | page `audit` |');
  });

  it('reports an event the code has and the doc lacks (a contract changed, the doc not regenerated)', async () => {
    const events = join(dir, 'events.md');
    const stale = replaceGenerated(
      await readFile(events, 'utf8'),
      parts['events.md']!.replace(/\n### SaleIdClaimed v1[\s\S]*?(?=\n<a id=)/, ''),
      'events.md',
    );
    await writeFile(events, stale);
    const differences = await checkDocs(dir, parts);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^docs\/events\.md differs/);
    expect(differences[0]).toContain('### SaleIdClaimed v1');
  });

  it('keeps the hand-written prose: only the marked part is replaced', async () => {
    const api = join(dir, 'api.md');
    const text = await readFile(api, 'utf8');
    await writeFile(api, text.replace('# API\n', '# API\n\nA hand-written line.\n'));
    expect(await checkDocs(dir, parts)).toEqual([]);
    await writeDocs(dir, parts);
    expect(await readFile(api, 'utf8')).toContain('A hand-written line.');
  });

  it('the CLI (npm run docs:check) exits 1 with the difference and the fix on a stale doc', async () => {
    const run = (docsDir: string) =>
      promisify(execFile)(
        process.execPath,
        ['-r', './scripts/docs/register-ts.cjs', 'scripts/docs/generate-docs.ts', '--check', '--docs-dir', docsDir],
        { cwd: join(__dirname, '..', '..') },
      ).then(
        (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const events = join(dir, 'events.md');
    const fresh = await readFile(events, 'utf8');
    await writeFile(events, fresh.replace('### StockIssued v1', '### StockIssued v2'));
    const stale = await run(dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('docs/events.md differs from the generated text');
    expect(stale.stderr).toContain('### StockIssued v2');
    expect(stale.stderr).toContain('run `npm run docs` and commit the result');
  }, 180_000);
});
