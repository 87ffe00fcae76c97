/** A table cell: pipes escaped, one line. */
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export const code = (text: string) => `\`${text}\``;

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** An anchor id from a name: lower case, letters, digits and dashes. */
export const anchor = (prefix: string, name: string) =>
  `${prefix}-${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;

/** Code-point order: the same on every machine, whatever its locale. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
