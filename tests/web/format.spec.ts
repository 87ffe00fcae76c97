import { formatDateTime, formatRelativeTime } from '../../web/src/utils/format';

describe('web formatting', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says "just now" under a minute, then minutes, hours (under 24) and days ago', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(49 * 3_600_000), now)).toBe('2 days ago');
    expect(formatRelativeTime('nonsense', now)).toBe('Invalid Date');
  });

  it('shows times on the shop clock (Africa/Lagos), whatever the zone of the machine', () => {
    // 23:30 UTC is 00:30 the next day in Lagos (UTC+01:00).
    expect(formatDateTime('2026-03-10T23:30:00.000Z')).toMatch(/11 Mar 2026.*00:30|11 Mar 2026.*12:30/);
  });
});
