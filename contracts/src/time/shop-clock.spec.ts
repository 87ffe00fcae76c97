import { SHOP_TIME_ZONE } from '../catalogue';
import { lagosBusinessDay } from './shop-clock';

const viaIntl = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

describe('lagosBusinessDay', () => {
  it('puts 23:30 UTC on the next Lagos day and 22:59 UTC on the same day', () => {
    expect(lagosBusinessDay('2025-03-10T23:30:00.000Z')).toBe('2025-03-11');
    expect(lagosBusinessDay('2025-03-10T22:59:59.999Z')).toBe('2025-03-10');
    expect(lagosBusinessDay('2025-03-10T23:00:00.000Z')).toBe('2025-03-11');
  });

  it('honours the offset written in the event timestamp', () => {
    expect(lagosBusinessDay('2025-03-11T00:30:00+01:00')).toBe('2025-03-11');
    expect(lagosBusinessDay('2025-12-31T23:30:00-01:00')).toBe('2026-01-01');
  });

  it('agrees with Intl for every hour across two years', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let hour = 0; hour < 2 * 366 * 24; hour += 1) {
      const instant = new Date(start + hour * 3_600_000 + 30 * 60_000);
      expect(lagosBusinessDay(instant)).toBe(viaIntl(instant));
    }
  });
});
