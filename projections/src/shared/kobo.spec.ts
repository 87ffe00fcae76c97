import { formatKobo, toKobo } from './kobo';

describe('kobo', () => {
  it('round-trips amounts exactly', () => {
    for (const amount of ['0.00', '0.05', '1.10', '1500.00', '99999999.99', '123456789012345.67']) {
      expect(formatKobo(toKobo(amount))).toBe(amount);
    }
  });

  it('adds where floats would drift, and formats negatives', () => {
    expect(formatKobo(toKobo('0.10') + toKobo('0.20'))).toBe('0.30');
    expect(formatKobo(toKobo('450.00') - toKobo('700.50'))).toBe('-250.50');
    expect(formatKobo(-5n)).toBe('-0.05');
  });

  it('rejects anything but digits.dd', () => {
    expect(() => toKobo('12.5')).toThrow();
    expect(() => toKobo('-1.00')).toThrow();
  });
});
