import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/**
 * Who a sale id belongs to, from its stream `sale-{saleId}`: a till sale (SaleRecorded) or a
 * receipt of stock movements (SaleIdClaimed). Whoever writes the stream first owns the id; the
 * stream's expected version makes a till sale and a first receipt line racing for it meet.
 */
export type SaleIdOwner = 'none' | 'till-sale' | 'receipt';

/** A stock movement joining the receipt `saleId`. */
export interface AddReceiptLine {
  readonly type: 'AddReceiptLine';
  readonly saleId: string;
}

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

/** The first line of a receipt claims the id; later lines add nothing here; a till sale's id is refused. */
export function decideReceiptLine(command: AddReceiptLine, owner: SaleIdOwner): DomainEventOf<'SaleIdClaimed'>[] {
  if (owner === 'till-sale') throw conflict(saleIdOwnerMessages.tillSale(command.saleId));
  return owner === 'none' ? [{ type: 'SaleIdClaimed', data: { saleId: command.saleId } }] : [];
}

/** A till sale may not take an id a receipt of stock movements already holds. */
export function refuseReceiptSaleId(saleId: string, owner: SaleIdOwner): void {
  if (owner === 'receipt') throw conflict(saleIdOwnerMessages.receipt(saleId));
}

export const saleIdOwnerDecider: Decider<AddReceiptLine, SaleIdOwner, DomainEventOf<'SaleIdClaimed'>> = {
  initialState: () => 'none',
  decide: decideReceiptLine,
  evolve: evolveSaleIdOwner,
};
