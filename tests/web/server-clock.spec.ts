import fc from 'fast-check';
import { serverTimeHeader } from '@shop/contracts';
import { readServerClock, serverNow, toBrowserTime } from '../../web/src/lib/server-clock';

describe('the till learns the server clock from X-Server-Time', () => {
  const server = Date.parse('2026-12-02T10:00:00.000Z');
  const minutes = (count: number) => count * 60_000;

  it('keeps the offset from the midpoint of the round trip: a browser 10 minutes fast is -10 min', () => {
    // Sent 10 min after the server's time by a fast clock, answered 200 ms later.
    const sentAt = server + minutes(10) - 100;
    expect(readServerClock('2026-12-02T10:00:00.000Z', sentAt, sentAt + 200)).toEqual({
      serverTime: '2026-12-02T10:00:00.000Z',
      offsetMs: -minutes(10),
    });
    expect(readServerClock('2026-12-02T10:00:00.000Z', server - minutes(10), server - minutes(10))?.offsetMs).toBe(
      minutes(10),
    );
  });

  it('reads an offset time as the same instant, kept in UTC', () => {
    expect(readServerClock('2026-12-02T11:00:00.250+01:00', server, server)).toEqual({
      serverTime: '2026-12-02T10:00:00.250Z',
      offsetMs: 250,
    });
  });

  it('has no clock from a missing or malformed header (the till falls back to its own)', () => {
    for (const header of [
      null,
      '',
      'Wed, 02 Dec 2026 10:00:00 GMT',
      '2026-12-02T10:00:00Z',
      '2026-13-45T99:00:00.000Z',
    ])
      expect(readServerClock(header, server, server)).toBeNull();
  });

  it('takes exactly the header values the contract allows', () => {
    const agrees = (header: string) =>
      expect(readServerClock(header, server, server) !== null).toBe(serverTimeHeader.safeParse(header).success);
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') }), (date) =>
        agrees(date.toISOString()),
      ),
    );
    for (const header of ['2026-12-02T10:00:00.000Z', '2026-12-02T10:00:00.000-05:30', '2026-12-02T10:00:00Z', 'soon'])
      agrees(header);
  });

  it('stamps server time from the browser clock and back', () => {
    const browserNow = server + minutes(10);
    expect(serverNow(-minutes(10), browserNow).toISOString()).toBe('2026-12-02T10:00:00.000Z');
    expect(toBrowserTime('2026-12-02T10:00:00.000Z', -minutes(10))).toBe(browserNow);
    expect(serverNow(0, server).getTime()).toBe(server);
  });
});
