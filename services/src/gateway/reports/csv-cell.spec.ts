import { neutraliseCell, restoreCell } from './csv-cell';

describe('CSV formula guard', () => {
  it('puts an apostrophe before anything a spreadsheet would run', () => {
    for (const cell of ['=1+1', '+1', '-1+1', '-x', '-1e3', '@A1', '\tx', '\rx', '\uFF1D1', "'=x", "''"]) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['', 'Cream', "'", "'plain", '1250.50', 'a=b', ' =x', '-903', '-27.09'])
      expect(neutraliseCell(cell)).toBe(cell);
  });

  it('is undone exactly by restoreCell, whatever the text', () => {
    const alphabet = ["'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '"', ','];
    const texts: string[] = [''];
    for (let length = 1; length <= 4; length++) {
      for (const prefix of texts.filter((text) => text.length === length - 1))
        for (const char of alphabet) texts.push(prefix + char);
    }
    for (const text of texts) expect(restoreCell(neutraliseCell(text))).toBe(text);
  });
});
