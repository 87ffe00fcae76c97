// Exact money lives once, in the contracts: stored amounts ("digits.dd") as whole kobo in BigInt.
export { koboToAmount as formatKobo, storedAmountToKobo as toKobo } from '@shop/contracts';
