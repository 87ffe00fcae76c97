import { allocateDiscount, koboToAmount, lineTotals, sumKobo, toKobo } from './kobo';

describe('money', () => {
  it('allocates a discount in whole kobo that always adds up', () => {
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + (round % 7) }, (_, index) =>
        koboToAmount(BigInt((round * 7919 + index * 104729) % 100000)),
      );
      const total = sumKobo(lines.map(toKobo));
      const discount = koboToAmount((total * BigInt(round % 101)) / 100n);
      const parts = allocateDiscount(lines, discount);
      expect(koboToAmount(sumKobo(parts.map(toKobo)))).toBe(discount);
      parts.forEach((part, index) => expect(toKobo(part) <= toKobo(lines[index]!)).toBe(true));
    }
  });

  it('gives the kobo left by rounding down to the largest remainders, first line first on a tie', () => {
    expect(allocateDiscount(['1.00', '1.00', '1.00'], '0.10')).toEqual(['0.04', '0.03', '0.03']);
    expect(allocateDiscount(['0.00', '0.00'], '0.00')).toEqual(['0.00', '0.00']);
  });

  it('rounds half up to the kobo without binary floating point', () => {
    expect(lineTotals(3, '0.10', '0')).toEqual({ originalTotal: '0.30', discountAmount: '0.00', totalValue: '0.30' });
    expect(lineTotals(1, '1.00', '12.5')).toEqual({
      originalTotal: '1.00',
      discountAmount: '0.13',
      totalValue: '0.87',
    });
    expect(lineTotals(1000, '99999.99', '0').originalTotal).toBe('99999990.00');
  });
});
