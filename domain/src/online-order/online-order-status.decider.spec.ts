import { ONLINE_ORDER_STATUSES, type DomainEvent, type OnlineOrderStatus } from '@shop/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { productDecider, type ProductState } from '../product/product.decider';
import { movementReversalDecider } from '../product/movement-reversal.decider';
import { evolveOnlineOrder, initialOnlineOrderState } from './online-order.decider';
import {
  decideOnlineOrderStatus,
  OnlineOrderMovedMeanwhile,
  type ChangeOnlineOrderStatus,
} from './online-order-status.decider';

const orderId = '5f0c2a1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const orderNumber = 'ORD-20250310-ABCDEF';
const [lotion, soap] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'] as const;
const moves = ['aaaaaaaa-1111-4111-8111-111111111111', 'aaaaaaaa-2222-4222-8222-222222222222'];

const placed: DomainEvent = {
  type: 'OnlineOrderPlaced',
  data: {
    orderId,
    orderNumber,
    customerId: null,
    customerName: 'Amaka Obi',
    customerEmail: null,
    customerPhone: null,
    customerAddress: null,
    customerCity: null,
    customerPostalCode: null,
    customerCountry: null,
    items: [
      { productId: lotion, productName: 'Cocoa Lotion', quantity: 2, price: '1500.00' },
      { productId: soap, productName: 'Black Soap', quantity: 1, price: '800.50' },
    ],
    totalAmount: '3800.50',
    notes: null,
  },
};

const moved = (from: OnlineOrderStatus, to: OnlineOrderStatus): DomainEvent => ({
  type: 'OnlineOrderStatusChanged',
  data: { orderId, orderNumber, from, to },
});

/** The history that leaves the order in `status`. */
const historyAt = (status: OnlineOrderStatus): DomainEvent[] =>
  status === 'pending' ? [placed] : [placed, moved('pending', status)];

const created = (productId: string, name: string, stock: number): DomainEvent => ({
  type: 'ProductCreated',
  data: {
    productId,
    name,
    sku: name.toUpperCase(),
    category: 'Body Care',
    // Today's catalogue price differs from the order's: serving must use the order's price.
    price: '9999.00',
    costPrice: '700.00',
    openingStock: stock,
    minStockLevel: 0,
    description: null,
    images: [],
  },
});

const product = (productId: string, name: string, stock: number, ...later: DomainEvent[]): ProductState =>
  fold(productDecider, [created(productId, name, stock), ...later]);

const change = (status: OnlineOrderStatus): ChangeOnlineOrderStatus => ({
  type: 'ChangeOnlineOrderStatus',
  orderId,
  status,
  movementIds: moves,
  sellerName: 'ada',
});

const orderOf = (history: DomainEvent[]) => history.reduce(evolveOnlineOrder, initialOnlineOrderState());

/** Both items' products as they stand before any move: 5 of each in stock. */
const stocked = [product(lotion, 'Cocoa Lotion', 5), product(soap, 'Black Soap', 5)];

const given = DeciderSpecification.forDecision(decideOnlineOrderStatus);

const LEGAL: Record<OnlineOrderStatus, OnlineOrderStatus[]> = {
  pending: ['processing', 'served'],
  processing: ['pending', 'served'],
  served: ['pending'],
};

describe('online order status decider', () => {
  describe.each(ONLINE_ORDER_STATUSES)('from %s', (from) => {
    it.each(ONLINE_ORDER_STATUSES)(`to %s follows the status machine`, (to) => {
      const scenario = given(orderOf(historyAt(from)), stocked).when(change(to));
      if (from === to) return scenario.thenRefused('conflict', `This order is already ${to}`);
      if (!LEGAL[from].includes(to))
        return scenario.thenRefused('conflict', `Cannot change an order from ${from} to ${to}`);
      expect(scenario.events().order).toEqual([moved(from, to)]);
    });
  });

  it('serving issues each item at the order price, grouped under the order number', () => {
    const { products } = given(orderOf(historyAt('processing')), stocked)
      .when(change('served'))
      .events();
    expect(products.map((events) => events.map((event) => event.type))).toEqual([['StockIssued'], ['StockIssued']]);
    expect(products[0]![0]!.data).toMatchObject({
      productId: lotion,
      movementId: moves[0],
      quantity: 2,
      reason: 'sale',
      unitPrice: '1500.00',
      costPrice: '700.00',
      totalValue: '3000.00',
      sellerName: 'ada',
      saleId: orderNumber,
    });
    expect(products[1]![0]!.data).toMatchObject({
      quantity: 1,
      unitPrice: '800.50',
      totalValue: '800.50',
      saleId: orderNumber,
    });
  });

  it('moving a served order back to pending returns its items', () => {
    const { order, products } = given(orderOf(historyAt('served')), stocked)
      .when(change('pending'))
      .events();
    expect(order).toEqual([moved('served', 'pending')]);
    expect(products.map((events) => events[0]?.data)).toEqual([
      expect.objectContaining({
        productId: lotion,
        quantity: 2,
        reason: 'return',
        unitPrice: '1500.00',
        costPrice: null,
        saleId: orderNumber,
      }),
      expect.objectContaining({
        productId: soap,
        quantity: 1,
        reason: 'return',
        totalValue: '800.50',
        saleId: orderNumber,
      }),
    ]);
  });

  describe('moving a served order back, with its sale lines followed', () => {
    const servedLine = (productId: string, movementId: string, quantity: number, unitPrice: string): DomainEvent => ({
      type: 'StockIssued',
      data: {
        productId,
        movementId,
        quantity,
        reason: 'sale',
        unitPrice,
        costPrice: '700.00',
        totalValue: (Number(unitPrice) * quantity).toFixed(2),
        originalTotal: (Number(unitPrice) * quantity).toFixed(2),
        discountPercentage: '0.00',
        discountAmount: '0.00',
        sellerName: 'ada',
        notes: null,
        saleId: orderNumber,
      },
    });
    const lines = ['bbbbbbbb-1111-4111-8111-111111111111', 'bbbbbbbb-2222-4222-8222-222222222222'] as const;
    const servedAt = ['2025-03-10T09:00:00.000Z', '2025-03-10T09:00:00.000Z'];
    const followed = (productId: string, name: string, line: string, ...history: DomainEvent[]) => {
      const decider = movementReversalDecider(line);
      return fold(decider, [created(productId, name, 5), ...history]);
    };

    it('the return reverses each sale line, so sales figures net it out', () => {
      const items = [
        followed(lotion, 'Cocoa Lotion', lines[0], servedLine(lotion, lines[0], 2, '1500.00')),
        followed(soap, 'Black Soap', lines[1], servedLine(soap, lines[1], 1, '800.50')),
      ];
      const { products } = given(orderOf(historyAt('served')), items)
        .when({ ...change('pending'), servedAt })
        .events();
      expect(products.map((events) => events.map((event) => event.type))).toEqual([
        ['StockReceived'],
        ['StockReceived'],
      ]);
      expect(products[0]![0]!.data).toMatchObject({
        quantity: 2,
        reason: 'return',
        totalValue: '3000.00',
        saleId: orderNumber,
        reverses: { movementId: lines[0], type: 'out', reason: 'sale', quantity: 2, at: servedAt[0] },
      });
    });

    it('a line already reversed by hand is not returned again (its stock came back then)', () => {
      const reversal: DomainEvent = {
        type: 'StockReceived',
        data: {
          productId: lotion,
          movementId: 'cccccccc-1111-4111-8111-111111111111',
          quantity: 2,
          reason: 'adjustment',
          unitPrice: '1500.00',
          costPrice: null,
          totalValue: '3000.00',
          sellerName: 'ada',
          notes: 'wrong line',
          saleId: null,
          reverses: {
            movementId: lines[0],
            type: 'out',
            reason: 'sale',
            at: servedAt[0]!,
            quantity: 2,
            sellerName: 'ada',
            saleId: orderNumber,
            unitPrice: '1500.00',
            costPrice: '700.00',
            originalTotal: '3000.00',
            discountAmount: '0.00',
            totalValue: '3000.00',
          },
        },
      };
      const items = [
        followed(lotion, 'Cocoa Lotion', lines[0], servedLine(lotion, lines[0], 2, '1500.00'), reversal),
        followed(soap, 'Black Soap', lines[1], servedLine(soap, lines[1], 1, '800.50')),
      ];
      const { order, products } = given(orderOf(historyAt('served')), items)
        .when({ ...change('pending'), servedAt })
        .events();
      expect(order).toEqual([moved('served', 'pending')]);
      expect(products[0]).toEqual([]);
      expect(products[1]!.map((event) => event.type)).toEqual(['StockReceived']);
    });
  });

  it('moves no stock between pending and processing', () => {
    expect(
      given(orderOf(historyAt('pending')), stocked)
        .when(change('processing'))
        .events().products,
    ).toEqual([[], []]);
    expect(
      given(orderOf(historyAt('processing')), stocked)
        .when(change('pending'))
        .events().products,
    ).toEqual([[], []]);
  });

  it('refuses to serve with too little stock, with the till wording', () => {
    given(orderOf(historyAt('pending')), [product(lotion, 'Cocoa Lotion', 1), product(soap, 'Black Soap', 5)])
      .when(change('served'))
      .thenRefused('conflict', 'Only 1 units available for Cocoa Lotion');
  });

  it('refuses to serve, or to return stock to, a deleted product, naming it', () => {
    const deleted = product(soap, 'Black Soap', 5, { type: 'ProductDeleted', data: { productId: soap } });
    const products = [product(lotion, 'Cocoa Lotion', 5), deleted];
    given(orderOf(historyAt('pending')), products)
      .when(change('served'))
      .thenRefused('conflict', 'Cannot serve this order: Black Soap has been deleted');
    given(orderOf(historyAt('served')), products)
      .when(change('pending'))
      .thenRefused('conflict', "Cannot return this order's items: Black Soap has been deleted");
  });

  describe('a move back from served decided on an order that moved since its lines were looked up', () => {
    const servedAgain = [placed, moved('pending', 'served'), moved('served', 'pending'), moved('pending', 'served')];
    it('is refused for a fresh look-up: the lines found then may belong to a serve already undone', () => {
      given(orderOf(servedAgain), [])
        .when({ ...change('pending'), linesLookedUpAtMoves: 1 })
        .thenThrows(OnlineOrderMovedMeanwhile);
    });
    it('is refused when the order was not served yet at the look-up (no lines were looked up)', () => {
      given(orderOf(historyAt('served')), [])
        .when({ ...change('pending'), linesLookedUpAtMoves: 0 })
        .thenThrows(OnlineOrderMovedMeanwhile);
    });
    it('is decided when the order is as it was looked up, and other moves never ask', () => {
      expect(
        given(orderOf(servedAgain), stocked)
          .when({ ...change('pending'), linesLookedUpAtMoves: 3 })
          .events().order,
      ).toEqual([moved('served', 'pending')]);
      expect(
        given(orderOf(historyAt('processing')), stocked)
          .when({ ...change('served'), linesLookedUpAtMoves: 0 })
          .events().order,
      ).toEqual([moved('processing', 'served')]);
    });
  });

  it('answers 404 for an order that was never placed', () => {
    given(orderOf([]), stocked).when(change('served')).thenRefused('not_found', 'Order not found');
  });
});
