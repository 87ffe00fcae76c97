import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/**
 * The layers hold because lint refuses a wrong import: these lint code as if it were a file in a
 * package (eslint --stdin with that file name, nothing written), with the repository's own
 * eslint.config.mjs, through the real eslint command (its ESM config does not load inside jest).
 */
describe('layer boundaries (eslint.config.mjs)', () => {
  const lint = async (path: string, code: string): Promise<string[]> => {
    const run = spawnSync(
      resolve(root, 'node_modules/.bin/eslint'),
      ['--stdin', '--stdin-filename', path, '--format', 'json'],
      {
        cwd: root,
        input: code,
        encoding: 'utf8',
      },
    );
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
    return result!.messages
      .filter((message) => message.ruleId?.startsWith('boundaries/'))
      .map((message) => message.message);
  };

  it('refuses an upward import: the domain importing the event-store infrastructure', async () => {
    const messages = await lint(
      'domain/src/upward-import.fixture.ts',
      "export { openDatabase } from '@shop/infrastructure';\n",
    );
    expect(messages).toEqual(['domain must not import infrastructure: a layer imports only the layers below it']);
  });

  it('refuses projections importing the gateway, and the web app importing the domain', async () => {
    expect(
      await lint('projections/src/upward.fixture.ts', "export * from '../../services/src/config';\n"),
    ).toHaveLength(1);
    expect(await lint('web/src/upward.fixture.ts', "export { fold } from '@shop/domain';\n")).toHaveLength(1);
  });

  it('accepts a downward import: the gateway importing the domain and the infrastructure', async () => {
    const code = "export { fold } from '@shop/domain';\nexport { openDatabase } from '@shop/infrastructure';\n";
    expect(await lint('services/src/downward-import.fixture.ts', code)).toEqual([]);
  });
});
