import { conflict, validationError } from '../shared/domain-error';
import { normaliseAmount, toKobo } from '@shop/contracts';

/** How far the till's clock may run ahead of the server's before a time of sale counts as "in the future". */
export const OFFLINE_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** An offline sale older than this is refused: no shop stays offline a month without noticing. */
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What the till says about a sale it took offline, with the server's time of learning of it. */
export interface OfflineFacts {
  readonly soldAt: string;
  readonly catalogAsOf: string;
  /** The server's clock when the sale arrived (command metadata: the domain reads no clock). */
  readonly syncedAt: string;
  readonly syncedBy: string;
}

/** A product's price from a moment of the ledger on (`from`: the time of the event that set it). */
export interface PriceInForce {
  readonly price: string;
  readonly from: string;
}

const time = (iso: string) => new Date(iso).getTime();

/** The time of sale must be plausible: not after the sync (beyond clock skew), not absurdly old, not before its catalogue. */
export function requirePlausibleSaleTime(facts: OfflineFacts): void {
  const soldAt = time(facts.soldAt);
  const syncedAt = time(facts.syncedAt);
  if (soldAt > syncedAt + OFFLINE_CLOCK_SKEW_MS) throw validationError('The time of sale is in the future');
  if (soldAt < syncedAt - OFFLINE_MAX_AGE_MS) throw validationError('The time of sale is more than 30 days ago');
  if (time(facts.catalogAsOf) > syncedAt + OFFLINE_CLOCK_SKEW_MS)
    throw validationError('The catalogue time is in the future');
  if (soldAt + OFFLINE_CLOCK_SKEW_MS < time(facts.catalogAsOf))
    throw validationError('The time of sale is before the catalogue it was priced from');
}

/**
 * The prices an offline till may have shown for a product: the one in force at its catalogue
 * snapshot and every later one (a till may have refreshed its catalogue after the snapshot it
 * reports, never before). `history` is in ledger order.
 */
export function pricesAcceptedSince(history: readonly PriceInForce[], catalogAsOf: string): string[] {
  const asOf = time(catalogAsOf);
  const inForceAtSnapshot = history.filter((entry) => time(entry.from) <= asOf).at(-1);
  const later = history.filter((entry) => time(entry.from) > asOf);
  return [...(inForceAtSnapshot ? [inForceAtSnapshot] : []), ...later].map((entry) => entry.price);
}

/** An offline price stands only if the ledger says the product had it at the snapshot or later. */
export function requireAcceptedPrice(productName: string, unitPrice: string, accepted: readonly string[]): void {
  if (!accepted.some((price) => toKobo(price) === toKobo(unitPrice)))
    throw conflict(
      `The offline price ${normaliseAmount(unitPrice)} for ${productName} was never its price at or after the till's catalogue; a manager must resolve this sale`,
    );
}
