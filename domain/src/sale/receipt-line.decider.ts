import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';
import { evolveSaleIdOwner, saleIdOwnerMessages, type SaleIdOwner } from './sale-id-owner.decider';

/** One line of a receipt built from stock movements: the movement that recorded it. */
export interface ReceiptLine {
  readonly movementId: string;
  readonly type: 'in' | 'out';
  readonly quantity: number;
}

/** A receipt's stream `sale-{saleId}` as a stock movement sees it: who owns the id, and its lines by product. */
export interface ReceiptState {
  readonly owner: SaleIdOwner;
  readonly lines: ReadonlyMap<string, ReceiptLine>;
}

/** A stock movement joining the receipt `saleId` as its line for `productId`. */
export interface AddReceiptLine {
  readonly type: 'AddReceiptLine';
  readonly saleId: string;
  readonly productId: string;
  readonly line: ReceiptLine;
}

type ReceiptEvent = DomainEventOf<'SaleIdClaimed'> | DomainEventOf<'ReceiptLineAdded'>;

export const receiptLineMessages = {
  ...saleIdOwnerMessages,
  otherLine: (saleId: string) =>
    `Sale ${saleId} already has a line for this product: a receipt holds one line per product`,
};

export function evolveReceipt(state: ReceiptState, event: DomainEvent): ReceiptState {
  const owner = evolveSaleIdOwner(state.owner, event);
  if (event.type !== 'ReceiptLineAdded') return owner === state.owner ? state : { ...state, owner };
  const { productId, movementId, type, quantity } = event.data;
  if (state.lines.has(productId)) return { ...state, owner };
  return { owner, lines: new Map(state.lines).set(productId, { movementId, type, quantity }) };
}

/** The line of `productId` this receipt already holds when `command` repeats it, else null. */
function repeatedReceiptLine(command: AddReceiptLine, state: ReceiptState): ReceiptLine | null {
  const line = state.lines.get(command.productId);
  return line && line.type === command.line.type && line.quantity === command.line.quantity ? line : null;
}

/**
 * The first line of a receipt claims the id; every line is recorded by product, so the same line
 * posted again (a retry) records nothing and a different one for the same product is refused; a
 * till sale's id is refused.
 */
export function decideReceiptLine(command: AddReceiptLine, state: ReceiptState): ReceiptEvent[] {
  if (state.owner === 'till-sale') throw conflict(saleIdOwnerMessages.tillSale(command.saleId));
  if (repeatedReceiptLine(command, state)) return [];
  if (state.lines.has(command.productId)) throw conflict(receiptLineMessages.otherLine(command.saleId));
  const { saleId, productId, line } = command;
  return [
    ...(state.owner === 'none' ? [{ type: 'SaleIdClaimed' as const, data: { saleId } }] : []),
    { type: 'ReceiptLineAdded', data: { saleId, productId, ...line } },
  ];
}

export const receiptLineDecider: Decider<AddReceiptLine, ReceiptState, ReceiptEvent> = {
  initialState: () => ({ owner: 'none', lines: new Map() }),
  decide: decideReceiptLine,
  evolve: evolveReceipt,
};
