import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { productDecider, type ProductState } from '../product/product.decider';
import { customerDecider } from '../customer/customer.decider';
import { DeciderSpecification } from '../testing/decider-specification';
import {
  decidePlaceOnlineOrder,
  mergeOrderItems,
  onlineOrderFold,
  type PlaceOnlineOrder,
} from './online-order.decider';
import { formatOrderNumber, orderNumberDecider } from './order-number-registry.decider';

const orderId = '5f0c2a1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const customerId = 'c0ffee00-1111-4222-8333-444455556666';
const productIds = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

const product = (index: number, price: string, ...later: DomainEvent[]): ProductState =>
  fold(productDecider, [
    {
      type: 'ProductCreated',
      data: {
        productId: productIds[index]!,
        name: `Product ${index}`,
        sku: `SKU-${index}`,
        category: 'Body Care',
        price,
        costPrice: null,
        openingStock: 3,
        minStockLevel: 0,
        description: null,
        images: [],
      },
    },
    ...later,
  ]);

const place = (extra: Partial<PlaceOnlineOrder> = {}): PlaceOnlineOrder => ({
  type: 'PlaceOnlineOrder',
  orderId,
  orderNumber: 'ORD-20250310-ABCDEF',
  customerId: null,
  customerName: 'Amaka Obi',
  customerEmail: null,
  customerPhone: null,
  customerAddress: null,
  customerCity: null,
  customerPostalCode: null,
  customerCountry: null,
  items: [
    { productId: productIds[0]!, quantity: 3 },
    { productId: productIds[1]!, quantity: 1 },
  ],
  notes: null,
  ...extra,
});

const registered = fold(customerDecider, [
  {
    type: 'CustomerRegistered',
    data: {
      customerId,
      email: 'amaka@example.com',
      passwordHash: null,
      firstName: 'Amaka',
      lastName: 'Obi',
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      country: null,
      isActive: true,
      emailVerified: false,
    },
  },
]);

/** The streams an order is placed on: a new order, a free number, no customer, both products on sale. */
const streams = (
  states: Partial<Parameters<typeof decidePlaceOnlineOrder>[1]> = {},
): Parameters<typeof decidePlaceOnlineOrder>[1] => ({
  order: onlineOrderFold.initialState(),
  orderNumber: orderNumberDecider.initialState(),
  customer: null,
  products: [product(0, '333.33'), product(1, '0.99')],
  ...states,
});

const given = DeciderSpecification.forDecision(decidePlaceOnlineOrder);

describe('online order decider: placing', () => {
  it('prices every line from the catalogue and sums the total exactly', () => {
    given(streams())
      .when(place())
      .then({
        order: [
          {
            type: 'OnlineOrderPlaced',
            data: expect.objectContaining({
              orderId,
              orderNumber: 'ORD-20250310-ABCDEF',
              items: [
                { productId: productIds[0], productName: 'Product 0', quantity: 3, price: '333.33' },
                { productId: productIds[1], productName: 'Product 1', quantity: 1, price: '0.99' },
              ],
              // 3 × 333.33 + 0.99 = 1000.98 (binary floating point would give 1000.9799999…)
              totalAmount: '1000.98',
            }),
          },
        ],
        orderNumber: [{ type: 'OrderNumberClaimed', data: { orderNumber: 'ORD-20250310-ABCDEF', orderId } }],
      });
  });

  it('accepts a known customer and refuses an unknown one', () => {
    expect(
      given(streams({ customer: registered }))
        .when(place({ customerId }))
        .events().order,
    ).toHaveLength(1);
    given(streams({ customer: { status: 'absent' } }))
      .when(place({ customerId }))
      .thenRefused('not_found', 'Customer not found');
  });

  it('refuses an unknown product (404) and a deleted one (409), naming it', () => {
    given(streams({ products: [{ status: 'absent' }, product(1, '1.00')] }))
      .when(place())
      .thenRefused('not_found', `Product ${productIds[0]} not found`);
    const deleted = product(1, '1.00', { type: 'ProductDeleted', data: { productId: productIds[1]! } });
    given(streams({ products: [product(0, '1.00'), deleted] }))
      .when(place())
      .thenRefused('conflict', 'Product 1 is no longer available');
  });

  it('refuses a taken order number, an order placed twice and a total above decimal(10,2)', () => {
    const taken = fold(orderNumberDecider, [
      { type: 'OrderNumberClaimed', data: { orderNumber: 'ORD-20250310-ABCDEF', orderId: productIds[0]! } },
    ]);
    given(streams({ orderNumber: taken }))
      .when(place())
      .thenRefused('conflict', 'Order number ORD-20250310-ABCDEF is already taken');
    const placed = given(streams()).when(place()).events().order;
    given(streams({ order: fold(onlineOrderFold, placed) }))
      .when(place())
      .thenRefused('conflict', `Order ${orderId} already exists`);
    given(streams({ products: [product(0, '99999999.99'), product(1, '0.01')] }))
      .when(
        place({
          items: [
            { productId: productIds[0]!, quantity: 1 },
            { productId: productIds[1]!, quantity: 1 },
          ],
        }),
      )
      .thenRefused('validation', 'The order total must be at most 99999999.99: this order comes to 100000000.00');
  });

  it('refuses an empty order, a fractional quantity and a product on two lines', () => {
    given(streams())
      .when(place({ items: [] }))
      .thenRefused('validation', 'An order needs at least one item');
    given(streams())
      .when(place({ items: [{ productId: productIds[0]!, quantity: 1.5 }] }))
      .thenRefused('validation', 'Quantity must be a whole number of at least 1');
    given(streams())
      .when(
        place({
          items: [
            { productId: productIds[0]!, quantity: 1 },
            { productId: productIds[0]!, quantity: 2 },
          ],
        }),
      )
      .thenRefused('validation', 'Each product may appear on one line only');
  });

  it('refuses a product whose merged lines come to more than one line may hold', () => {
    const items = mergeOrderItems([
      { productId: productIds[0]!, quantity: 1_000_000 },
      { productId: productIds[0]!, quantity: 1 },
    ]);
    given(streams({ products: [product(0, '0.01')] }))
      .when(place({ items }))
      .thenRefused('validation', 'Quantity must be at most 1000000 for each product');
    const atTheLimit = [{ productId: productIds[0]!, quantity: 1_000_000 }];
    expect(
      given(streams({ products: [product(0, '0.01')] }))
        .when(place({ items: atTheLimit }))
        .events().order,
    ).toHaveLength(1);
  });
});

describe('order numbers and items', () => {
  it('dates the number in Africa/Lagos and draws six characters', () => {
    // 23:30 UTC on 9 March is 00:30 on 10 March in Lagos.
    expect(formatOrderNumber('2025-03-09T23:30:00.000Z', () => 0)).toBe('ORD-20250310-AAAAAA');
    expect(formatOrderNumber('2025-03-09T12:00:00.000Z', (size) => size - 1)).toMatch(/^ORD-20250309-[A-Z2-9]{6}$/);
  });

  it('merges repeated products into one line, in order of first appearance', () => {
    expect(
      mergeOrderItems([
        { productId: 'b', quantity: 1 },
        { productId: 'a', quantity: 2 },
        { productId: 'b', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'b', quantity: 4 },
      { productId: 'a', quantity: 2 },
    ]);
  });
});
