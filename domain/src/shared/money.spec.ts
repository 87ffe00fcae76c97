import { allocateDiscount, amount, lineTotals } from './money';

describe('money', () => {
  it('allocates a discount in whole kobo that always adds up', () => {
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + (round % 7) }, (_, index) => ((round * 7919 + index * 104729) % 100000 / 100).toFixed(2));
      const total = lines.reduce((sum, line) => sum.plus(line), amount(0));
      const discount = total.times((round % 101) / 100).toDecimalPlaces(2);
      const parts = allocateDiscount(lines, discount.toFixed(2));
      expect(parts.reduce((sum, part) => sum.plus(part), amount(0)).toFixed(2)).toBe(discount.toFixed(2));
      parts.forEach((part, index) => expect(amount(part).lessThanOrEqualTo(lines[index]!)).toBe(true));
    }
  });

  it('rounds half up to the kobo without binary floating point', () => {
    expect(lineTotals(3, '0.10', '0')).toEqual({ originalTotal: '0.30', discountAmount: '0.00', totalValue: '0.30' });
    expect(lineTotals(1, '1.00', '12.5')).toEqual({ originalTotal: '1.00', discountAmount: '0.13', totalValue: '0.87' });
  });
});
