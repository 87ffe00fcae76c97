import type { DomainEvent } from '@shop/contracts';
import { conflict } from '../shared/domain-error';

/**
 * Who a sale id belongs to, from its stream `sale-{saleId}`: a till sale (SaleRecorded) or a
 * receipt of stock movements (SaleIdClaimed). Whoever writes the stream first owns the id; the
 * stream's expected version makes a till sale and a first receipt line racing for it meet.
 */
export type SaleIdOwner = 'none' | 'till-sale' | 'receipt';

export const saleIdOwnerMessages = {
  tillSale: (saleId: string) => `Sale ${saleId} is a till sale: a stock movement cannot add lines to its receipt`,
  receipt: (saleId: string) => `Sale id ${saleId} is already used by a receipt of stock movements`,
};

export function evolveSaleIdOwner(owner: SaleIdOwner, event: DomainEvent): SaleIdOwner {
  if (owner !== 'none') return owner;
  if (event.type === 'SaleRecorded') return 'till-sale';
  if (event.type === 'SaleIdClaimed') return 'receipt';
  return owner;
}

/** A till sale may not take an id a receipt of stock movements already holds. */
export function refuseReceiptSaleId(saleId: string, owner: SaleIdOwner): void {
  if (owner === 'receipt') throw conflict(saleIdOwnerMessages.receipt(saleId));
}
