import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderApiReference } from './api-doc';
import { renderEventCatalogue } from './events-doc';
import { describeDifference, replaceGenerated } from './generated-section';
import { collectRoutes, type RouteInfo } from './route-table';
import { indexSources, REPO_ROOT } from './source-comments';

export const DOCS_DIR = join(REPO_ROOT, 'docs');

/** The generated parts of each document, by file name: the same code always gives the same text. */
export async function generatedParts(routes?: readonly RouteInfo[]): Promise<Record<string, string>> {
  const sources = indexSources();
  return {
    'events.md': renderEventCatalogue(sources),
    'api.md': renderApiReference(routes ?? (await collectRoutes()), sources),
  };
}

/** Each document of `docsDir` as it should be: its prose as committed, its generated part fresh. */
export async function expectedDocs(
  docsDir: string,
  parts: Record<string, string>,
): Promise<Record<string, { current: string; expected: string }>> {
  const out: Record<string, { current: string; expected: string }> = {};
  for (const [file, part] of Object.entries(parts)) {
    const current = await readFile(join(docsDir, file), 'utf8');
    out[file] = { current, expected: replaceGenerated(current, part, `docs/${file}`) };
  }
  return out;
}

/** What differs between the committed documents and freshly generated ones: one message per stale file. */
export async function checkDocs(docsDir: string, parts: Record<string, string>): Promise<string[]> {
  const docs = await expectedDocs(docsDir, parts);
  return Object.entries(docs)
    .filter(([, doc]) => doc.current !== doc.expected)
    .map(([file, doc]) => describeDifference(`docs/${file}`, doc.current, doc.expected));
}

export async function writeDocs(docsDir: string, parts: Record<string, string>): Promise<string[]> {
  const docs = await expectedDocs(docsDir, parts);
  const written: string[] = [];
  for (const [file, doc] of Object.entries(docs)) {
    if (doc.current === doc.expected) continue;
    await writeFile(join(docsDir, file), doc.expected);
    written.push(`docs/${file}`);
  }
  return written;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  // --docs-dir: another folder holding events.md and api.md (the tests check a doctored copy).
  const dirFlag = process.argv.indexOf('--docs-dir');
  const docsDir = dirFlag > 0 && process.argv[dirFlag + 1] ? process.argv[dirFlag + 1]! : DOCS_DIR;
  const started = Date.now();
  const parts = await generatedParts();
  if (check) {
    const differences = await checkDocs(docsDir, parts);
    if (differences.length) {
      console.error(differences.join('\n\n'));
      console.error('\nThe committed docs are not what the code generates: run `npm run docs` and commit the result.');
      process.exitCode = 1;
      return;
    }
    console.log(`events.md and api.md match the code (${Date.now() - started} ms)`);
    return;
  }
  const written = await writeDocs(docsDir, parts);
  console.log(
    `${written.length ? `wrote ${written.join(', ')}` : 'docs already up to date'} (${Date.now() - started} ms)`,
  );
}

if (require.main === module) {
  main().then(
    // PGlite and pools may keep handles open after close; the work is done, so end here.
    () => process.exit(),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
