import Decimal from 'decimal.js';

/** Money is decimal(10,2): exact decimal arithmetic, half-up rounding to the kobo. */
const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type Amount = InstanceType<typeof Money>;

export const amount = (value: string | number | Amount): Amount => new Money(value);

export const formatAmount = (value: Amount): string => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Normalises an input amount such as "12.5" to "12.50". */
export const normaliseAmount = (value: string): string => formatAmount(amount(value));

export const normalisePercent = (value: string): string => amount(value).toDecimalPlaces(2).toFixed(2);

export function lineTotals(quantity: number, unitPrice: string, discountPercentage: string) {
  const originalTotal = amount(unitPrice).times(quantity).toDecimalPlaces(2);
  const discountAmount = originalTotal.times(amount(discountPercentage)).dividedBy(100).toDecimalPlaces(2);
  return {
    originalTotal: formatAmount(originalTotal),
    discountAmount: formatAmount(discountAmount),
    totalValue: formatAmount(originalTotal.minus(discountAmount)),
  };
}
