import { DeciderSpecification } from '../testing/decider-specification';
import { formatOrderNumber, mayBeOrderNumber, orderNumberDecider } from './order-number-registry.decider';

const given = DeciderSpecification.for(orderNumberDecider);
const orderNumber = 'ORD-20261128-ABCDEF';
const orderId = '5f0c2a1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const claimed = { type: 'OrderNumberClaimed', data: { orderNumber, orderId } } as const;

describe('order number registry', () => {
  it('claims a free number once', () => {
    given().when({ type: 'ClaimOrderNumber', orderNumber, orderId }).then([claimed]);
    given(claimed)
      .when({ type: 'ClaimOrderNumber', orderNumber, orderId })
      .thenRefused('conflict', `Order number ${orderNumber} is already taken`);
  });

  it("lets a stock movement be grouped under an id no order owns, and refuses an order's number", () => {
    given().when({ type: 'GroupMovementUnder', orderNumber }).thenNothing();
    given(claimed)
      .when({ type: 'GroupMovementUnder', orderNumber })
      .thenRefused(
        'conflict',
        `Sale ${orderNumber} is an online order: a stock movement cannot add lines to its receipt`,
      );
  });

  it("lets a till sale take an id no order owns, and refuses an order's number", () => {
    given().when({ type: 'TakeAsSaleId', orderNumber }).thenNothing();
    given(claimed)
      .when({ type: 'TakeAsSaleId', orderNumber })
      .thenRefused('conflict', `Sale id ${orderNumber} is an online order's number: a till sale cannot use it`);
  });

  it('tells an id that could be an order number from one that never is', () => {
    const numbers = Array.from({ length: 50 }, (_, index) =>
      formatOrderNumber('2026-12-02T10:00:00.000Z', (size) => (index * 7) % size),
    );
    expect(numbers.every(mayBeOrderNumber)).toBe(true);
    expect(mayBeOrderNumber(orderNumber)).toBe(true);
    for (const id of ['CASH-1796225378654-ygrpbj6s1', 'ord-20261128-abcdef', 'XORD-1', ' ORD-1', ''])
      expect(mayBeOrderNumber(id)).toBe(false);
  });
});
