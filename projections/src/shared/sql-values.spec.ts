import { toIsoString, utcTextToIsoString } from './sql-values';

describe('utcTextToIsoString: a timestamptz read as text in UTC', () => {
  it.each([
    ['2024-12-13 05:20:00+00', '2024-12-13T05:20:00.000Z'],
    ['2024-12-13 05:20:00.5+00', '2024-12-13T05:20:00.500Z'],
    ['2024-12-13 05:20:00.123+00', '2024-12-13T05:20:00.123Z'],
    ['2024-12-13 05:20:00.123456+00', '2024-12-13T05:20:00.123Z'],
  ])('%s is %s, as toIsoString reads it', (text, iso) => {
    expect(utcTextToIsoString(text)).toBe(iso);
    expect(toIsoString(text.replace(' ', 'T').replace('+00', 'Z'))).toBe(iso);
  });

  it('reads any other zone through Date, never as if it were UTC', () => {
    expect(utcTextToIsoString('2024-12-13 06:20:00+01')).toBe('2024-12-13T05:20:00.000Z');
    expect(utcTextToIsoString('2024-12-13T05:20:00.000Z')).toBe('2024-12-13T05:20:00.000Z');
  });
});
