// Exact money lives once, in the contracts the web app uses too: whole kobo in BigInt, half-up.
export {
  allocateDiscount,
  discountKobo,
  koboToAmount,
  lineTotals,
  multiplyAmount,
  normaliseAmount,
  normalisePercent,
  percentToHundredths,
  sumKobo,
  toKobo,
} from '@shop/contracts';
