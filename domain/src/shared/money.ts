import Decimal from 'decimal.js';

/** Money is decimal(10,2): exact decimal arithmetic, half-up rounding to the kobo. */
const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type Amount = InstanceType<typeof Money>;

export const amount = (value: string | number | Amount): Amount => new Money(value);

export const formatAmount = (value: Amount): string => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Normalises an input amount such as "12.5" to "12.50". */
export const normaliseAmount = (value: string): string => formatAmount(amount(value));

export const normalisePercent = (value: string): string => amount(value).toDecimalPlaces(2).toFixed(2);

export function lineTotals(quantity: number, unitPrice: string, discountPercentage: string, fixedDiscount?: string) {
  const originalTotal = amount(unitPrice).times(quantity).toDecimalPlaces(2);
  const discountAmount =
    fixedDiscount === undefined
      ? originalTotal.times(amount(discountPercentage)).dividedBy(100).toDecimalPlaces(2)
      : amount(fixedDiscount);
  return {
    originalTotal: formatAmount(originalTotal),
    discountAmount: formatAmount(discountAmount),
    totalValue: formatAmount(originalTotal.minus(discountAmount)),
  };
}

/**
 * Splits a discount over lines in proportion to their totals, in whole kobo, handing the kobo left
 * over by rounding down to the largest remainders: the parts always add up to the whole.
 */
export function allocateDiscount(lineTotals: readonly string[], discount: string): string[] {
  const kobo = lineTotals.map((total) => amount(total).times(100));
  const sum = kobo.reduce((acc, value) => acc.plus(value), amount(0));
  const discountKobo = amount(discount).times(100);
  if (sum.isZero()) return lineTotals.map(() => '0.00');
  const exact = kobo.map((value) => value.times(discountKobo).dividedBy(sum));
  const floors = exact.map((value) => value.floor());
  let left = discountKobo.minus(floors.reduce((acc, value) => acc.plus(value), amount(0))).toNumber();
  const order = exact
    .map((value, index) => ({ index, remainder: value.minus(floors[index]!) }))
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = floors[index]!.plus(1);
    left -= 1;
  }
  return floors.map((value) => formatAmount(value.dividedBy(100)));
}
