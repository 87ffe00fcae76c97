export const START_MARKER = '<!-- generated:start';
export const END_MARKER = '<!-- generated:end -->';
const START_LINE = '<!-- generated:start (npm run docs writes this part from the code; edit the code, not this) -->';

/** The document with its generated part (between the markers) replaced; prose outside it is kept. */
export function replaceGenerated(document: string, generated: string, file: string): string {
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  if (start < 0 || end < start || document.indexOf(START_MARKER, start + 1) >= 0)
    throw new Error(`${file}: expected one "${START_LINE}" … "${END_MARKER}" region`);
  return `${document.slice(0, start)}${START_LINE}\n\n${generated.trim()}\n\n${document.slice(end)}`;
}

/** Where two texts part, for a message a person can act on (no dependency, no date). */
export function describeDifference(file: string, committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  let tailA = a.length - 1;
  let tailB = b.length - 1;
  while (tailA > line && tailB > line && a[tailA] === b[tailB]) {
    tailA--;
    tailB--;
  }
  const excerpt = (lines: string[], from: number, to: number) =>
    lines
      .slice(from, Math.min(to + 1, from + 12))
      .map((text) => `    ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`)
      .join('\n') + (to - from >= 12 ? `\n    … (${to - from - 11} more lines)` : '');
  return [
    `${file} differs from the generated text from line ${line + 1}:`,
    `  committed (lines ${line + 1}–${tailA + 1}):`,
    excerpt(a, line, tailA) || '    (nothing)',
    `  generated (lines ${line + 1}–${tailB + 1}):`,
    excerpt(b, line, tailB) || '    (nothing)',
  ].join('\n');
}
