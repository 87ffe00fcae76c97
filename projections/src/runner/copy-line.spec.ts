import { copyLineWriter } from './copy-line';

const COLUMNS = [
  ['id', 'integer'],
  ['body', 'text'],
  ['amount', 'numeric'],
  ['ok', 'boolean'],
  ['doc', 'jsonb'],
  ['note', 'text'],
] as const;

/**
 * The COPY text format written the plain way, column by column (what copyChunks did before its
 * writer was generated): the oracle the generated writer must agree with on every row.
 */
function plainLine(columns: readonly (readonly [string, string])[], row: Record<string, unknown>): string | null {
  const fields: string[] = [];
  for (const [name, type] of columns) {
    const value = row[name];
    if (value === null || value === undefined) fields.push('\\N');
    else if (type === 'jsonb') fields.push(escape(JSON.stringify(value)));
    else if (typeof value === 'string') {
      if (!(value as unknown as { isWellFormed(): boolean }).isWellFormed() || value.includes('\0')) return null;
      fields.push(escape(value));
    } else if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) return null;
      fields.push(String(value));
    } else if (typeof value === 'boolean') fields.push(value ? 'true' : 'false');
    else return null;
  }
  return `${fields.join('\t')}\n`;
}

const escape = (value: string) =>
  value.replace(/[\\\n\r\t]/g, (character) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[character]!);

/** A small deterministic generator (mulberry32), so a failure names a row that comes back every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['a', 'Ω', '₦', '🙂', '\t', '\n', '\r', '\\', '\\N', '\0', '\ud800', '\udfff', ' ', '"', "'", '\u0301'];
const VALUES = (next: () => number): unknown[] => [
  null,
  undefined,
  true,
  false,
  0,
  -7,
  2 ** 53,
  1.5,
  Number.NaN,
  { nested: ['\t', '\\'] },
  new Date(0),
  Array.from({ length: Math.floor(next() * 6) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''),
];

describe('copyLineWriter', () => {
  it('writes exactly what the plain column-by-column text format writes, or refuses the same rows', () => {
    const next = random(20261204);
    const copyLine = copyLineWriter(COLUMNS);
    let refused = 0;
    for (let index = 0; index < 5_000; index++) {
      const row: Record<string, unknown> = {};
      for (const [name] of COLUMNS) {
        const choices = VALUES(next);
        const value = choices[Math.floor(next() * choices.length)];
        if (value !== undefined || next() < 0.5) row[name] = value;
      }
      const expected = plainLine(COLUMNS, row);
      if (expected === null) refused++;
      expect({ row, line: copyLine(row) }).toEqual({ row, line: expected });
    }
    // Both kinds of row were tried.
    expect(refused).toBeGreaterThan(100);
    expect(refused).toBeLessThan(4_900);
  });

  it('reads each column by its name, whatever the name holds', () => {
    const awkward = [
      ["it's", 'text'],
      ['a"b', 'text'],
      ['back\\slash', 'integer'],
      ['line\nbreak', 'jsonb'],
    ] as const;
    const line = copyLineWriter(awkward)({ "it's": 'x', 'a"b': 'y\tz', 'back\\slash': 3, 'line\nbreak': { k: 'v' } });
    expect(line).toBe('x\ty\\tz\t3\t{"k":"v"}\n');
    expect(copyLineWriter(awkward)({ 'line\nbreak': () => 1 })).toBeNull();
  });

  it('keeps one writer per column list', () => {
    expect(copyLineWriter(COLUMNS)).toBe(copyLineWriter(COLUMNS.map(([name, type]) => [name, type] as const)));
    expect(copyLineWriter(COLUMNS)).not.toBe(copyLineWriter(COLUMNS.slice(1)));
  });
});
