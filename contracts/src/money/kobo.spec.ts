import { koboToAmount, storedAmountToKobo } from './kobo';

describe('stored amounts as kobo', () => {
  it('round-trips amounts exactly', () => {
    for (const amount of ['0.00', '0.05', '1.10', '1500.00', '99999999.99', '123456789012345.67']) {
      expect(koboToAmount(storedAmountToKobo(amount))).toBe(amount);
    }
  });

  it('adds where floats would drift, and formats negatives', () => {
    expect(koboToAmount(storedAmountToKobo('0.10') + storedAmountToKobo('0.20'))).toBe('0.30');
    expect(koboToAmount(storedAmountToKobo('450.00') - storedAmountToKobo('700.50'))).toBe('-250.50');
    expect(koboToAmount(-5n)).toBe('-0.05');
  });

  it('rejects anything but digits.dd', () => {
    expect(() => storedAmountToKobo('12.5')).toThrow();
    expect(() => storedAmountToKobo('-1.00')).toThrow();
  });
});
