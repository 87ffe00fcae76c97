// Exact money lives once, in the contracts the server uses too: whole kobo in BigInt, half-up.
export {
  discountKobo,
  formatPercentOneDecimal,
  hundredthsToPercent,
  koboToAmount,
  percentToHundredths,
  sumKobo,
  toKobo,
} from '@shop/contracts';
