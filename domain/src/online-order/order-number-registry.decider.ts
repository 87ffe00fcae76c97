import { lagosBusinessDay, MESSAGES, type DomainEvent, type DomainEventOf } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/** One stream per order number, claimed atomically with OnlineOrderPlaced: numbers never repeat. */
export type OrderNumberState = { readonly ownerOrderId: string | null };

export type OrderNumberCommand =
  | { readonly type: 'ClaimOrderNumber'; readonly orderNumber: string; readonly orderId: string }
  /**
   * A stock movement grouped under this id (its saleId): refused when an online order owns it, whose
   * number groups its own movements only. Records nothing.
   */
  | { readonly type: 'GroupMovementUnder'; readonly orderNumber: string }
  /** A till sale taking this id: refused when an online order owns it, as above. Records nothing. */
  | { readonly type: 'TakeAsSaleId'; readonly orderNumber: string };

type OrderNumberEvent = DomainEventOf<'OrderNumberClaimed'>;

export function decideOrderNumber(command: OrderNumberCommand, state: OrderNumberState): OrderNumberEvent[] {
  switch (command.type) {
    case 'ClaimOrderNumber':
      if (state.ownerOrderId !== null) throw conflict(MESSAGES.orderNumberTaken(command.orderNumber));
      return [{ type: 'OrderNumberClaimed', data: { orderNumber: command.orderNumber, orderId: command.orderId } }];
    case 'GroupMovementUnder':
      if (state.ownerOrderId !== null) throw conflict(MESSAGES.orderNumberNotAReceipt(command.orderNumber));
      return [];
    case 'TakeAsSaleId':
      if (state.ownerOrderId !== null) throw conflict(MESSAGES.orderNumberNotASale(command.orderNumber));
      return [];
    default:
      return assertNever(command);
  }
}

export function evolveOrderNumber(state: OrderNumberState, event: DomainEvent): OrderNumberState {
  return event.type === 'OrderNumberClaimed' ? { ownerOrderId: event.data.orderId } : state;
}

export const orderNumberDecider: Decider<OrderNumberCommand, OrderNumberState, OrderNumberEvent> = {
  initialState: () => ({ ownerOrderId: null }),
  decide: decideOrderNumber,
  evolve: evolveOrderNumber,
};

export const orderNumberStreamId = (orderNumber: string) => `order-number-${orderNumber}`;

const ORDER_NUMBER_PREFIX = 'ORD-';

/**
 * Whether an id could be an online order's number. Every order number is the shop's own
 * (formatOrderNumber), so an id without its prefix never is one, and its registry stream is known
 * empty without reading it (a till's sale ids are CASH-…).
 */
export const mayBeOrderNumber = (id: string): boolean => id.startsWith(ORDER_NUMBER_PREFIX);

const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * ORD-YYYYMMDD-XXXXXX: the shop's (Africa/Lagos) date of the order, then six characters picked by
 * `randomIndex` from an alphabet without look-alikes (no O/0, I/1). Randomness comes in from the caller.
 */
export function formatOrderNumber(at: string, randomIndex: (size: number) => number): string {
  const day = lagosBusinessDay(at).replaceAll('-', '');
  const suffix = Array.from({ length: 6 }, () => SUFFIX_ALPHABET[randomIndex(SUFFIX_ALPHABET.length)]).join('');
  return `${ORDER_NUMBER_PREFIX}${day}-${suffix}`;
}
