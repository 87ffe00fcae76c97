/**
 * One row of COPY FROM's text format: fields separated by tabs, `\N` for null, backslash, newline,
 * carriage return and tab escaped, a newline at the end. Null when a value could be read differently
 * from the jsonb path the live projection takes (then the caller sends the plain statement): only
 * strings, safe integers, booleans and null outside json columns, strings well formed and without NUL.
 */
export type CopyLine = (row: object) => string | null;

type Columns = readonly (readonly [name: string, type: string])[];

/**
 * The writer for rows of `columns`, generated once per column list: a straight-line function that
 * reads each column by its name, so a rebuild's million rows are not each walked column by column
 * through a keyed lookup and a joined array (docs/decisions.md, "COPY lines from generated code").
 * Column names come from the projections' own tables and enter the code only as JSON string literals.
 */
export function copyLineWriter(columns: Columns): CopyLine {
  const key = JSON.stringify(columns);
  let writer = writers.get(key);
  if (!writer) {
    writer = generate(columns);
    writers.set(key, writer);
  }
  return writer;
}

/** Writers by column list: a handful of tables, never more. */
const writers = new Map<string, CopyLine>();

function generate(columns: Columns): CopyLine {
  const body = columns.map(([name, type], index) => {
    const field = `f${index}`;
    const read = `let ${field}; v = row[${JSON.stringify(name)}];`;
    if (type === 'jsonb' || type === 'json')
      return [
        read,
        `if (v === null || v === undefined) ${field} = '\\\\N';`,
        // A value JSON cannot write (a function) has no text: the statement takes the row.
        `else { json = JSON.stringify(v); if (json === undefined) return null; ${field} = escape(json); }`,
      ].join('\n');
    return [
      read,
      `if (v === null || v === undefined) ${field} = '\\\\N';`,
      `else if (typeof v === 'string') { if (unusual.test(v)) { if (!wellFormed(v) || v.includes('\\0')) return null; ${field} = escape(v); } else ${field} = v; }`,
      `else if (typeof v === 'number') { if (!Number.isSafeInteger(v)) return null; ${field} = '' + v; }`,
      `else if (typeof v === 'boolean') ${field} = v ? 'true' : 'false';`,
      'else return null;',
    ].join('\n');
  });
  const line = columns.map((_, index) => `f${index}`).join(" + '\\t' + ");
  const source = `return function copyLine(row) {\nlet v;\nlet json;\n${body.join('\n')}\nreturn ${line} + '\\n';\n};`;
  const build = new Function('escape', 'wellFormed', 'unusual', source) as (
    escape: (value: string) => string,
    wellFormed: (value: string) => boolean,
    unusual: RegExp,
  ) => CopyLine;
  return build(escapeCopy, isWellFormed, UNUSUAL);
}

/**
 * A character that needs a second look: one COPY escapes, NUL (which COPY cannot carry), or half of
 * a surrogate pair (well formed only when paired). One scan instead of three for the common string.
 */
const UNUSUAL = /[\\\n\r\t\0\uD800-\uDFFF]/;

/** No lone surrogate (String.prototype.isWellFormed, Node 20; not yet in the ES2023 lib typings). */
const isWellFormed = (value: string): boolean => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** COPY text format: backslash, newline, carriage return and tab are written as escapes. */
const escapeCopy = (value: string): string =>
  SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (character) => ESCAPES[character]!) : value;
