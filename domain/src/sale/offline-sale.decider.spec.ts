import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import { fold } from '../shared/decider';
import { productDecider } from '../product/product.decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { decideSale, initialSaleState, type RecordSale } from './sale.decider';
import { pricesAcceptedSince, type PriceInForce } from './offline-sale.rules';

const productId = '11111111-1111-4111-8111-111111111111';
const movementId = 'aaaaaaaa-1111-4111-8111-111111111111';
const created: DomainEvent = {
  type: 'ProductCreated',
  data: {
    productId,
    name: 'Shea butter',
    sku: 'SHEA-1',
    category: 'Body Care',
    price: '1500.00',
    costPrice: '900.00',
    openingStock: 1,
    minStockLevel: 0,
    description: null,
    images: [],
  },
};
const soldOnline: DomainEvent = {
  type: 'StockIssued',
  data: {
    productId,
    movementId: 'bbbbbbbb-1111-4111-8111-111111111111',
    quantity: 1,
    reason: 'sale',
    unitPrice: '1500.00',
    costPrice: '900.00',
    originalTotal: '1500.00',
    discountPercentage: '0.00',
    discountAmount: '0.00',
    totalValue: '1500.00',
    sellerName: 'bola',
    notes: null,
    saleId: 'CASH-2',
  },
};
const history: PriceInForce[] = [{ price: '1500.00', from: '2026-11-01T08:00:00.000Z' }];

const offlineSale = (
  overrides: Partial<RecordSale['offline'] & { unitPrice: string; quantity: number }> = {},
): RecordSale => ({
  type: 'RecordSale',
  saleId: 'CASH-1764000000000-off',
  lines: [
    {
      productId,
      movementId,
      quantity: overrides.quantity ?? 1,
      unitPrice: overrides.unitPrice ?? '1500',
      priceHistory: history,
    },
  ],
  discountPercentage: '0',
  paymentMethod: 'cash',
  sellerName: 'ada',
  notes: null,
  offline: {
    soldAt: overrides.soldAt ?? '2026-11-20T10:00:00.000Z',
    catalogAsOf: overrides.catalogAsOf ?? '2026-11-20T09:00:00.000Z',
    syncedAt: overrides.syncedAt ?? '2026-11-20T12:00:00.000Z',
    syncedBy: overrides.syncedBy ?? 'ada',
  },
});

/** Shea butter's stream folded: the product state a sale of it is decided on. */
const shea = (...events: DomainEvent[]) => [fold(productDecider, events)];

const given = DeciderSpecification.forDecision(decideSale);

describe('offline sale rules', () => {
  it('records an offline sale with its time of sale, its sync time and the price paid', () => {
    const { sale, products } = given(initialSaleState(), shea(created)).when(offlineSale()).events();
    const recorded = sale[0] as DomainEventOf<'SaleRecorded'>;
    expect(recorded.data.offline).toEqual({
      soldAt: '2026-11-20T10:00:00.000Z',
      catalogAsOf: '2026-11-20T09:00:00.000Z',
      syncedAt: '2026-11-20T12:00:00.000Z',
      syncedBy: 'ada',
    });
    expect(recorded.data).toMatchObject({ totalValue: '1500.00', sellerName: 'ada' });
    expect(products[0]![0]!.data).toMatchObject({
      unitPrice: '1500.00',
      offline: { soldAt: '2026-11-20T10:00:00.000Z', syncedAt: '2026-11-20T12:00:00.000Z', stockAfter: 0 },
    });
  });

  it('records the sale of a unit another till sold meanwhile, taking stock below zero', () => {
    const { products } = given(initialSaleState(), shea(created, soldOnline)).when(offlineSale()).events();
    expect(products[0]![0]!.data).toMatchObject({ quantity: 1, offline: { stockAfter: -1 } });
  });

  it('still refuses insufficient stock for a sale taken online', () => {
    const online: RecordSale = {
      ...offlineSale(),
      offline: undefined,
      lines: [{ productId, movementId, quantity: 1 }],
    };
    given(initialSaleState(), shea(created, soldOnline))
      .when(online)
      .thenRefused('conflict', 'Only 0 units available for Shea butter');
  });

  it('refuses a price the product never had at or after the till catalogue, naming the product', () => {
    given(initialSaleState(), shea(created))
      .when(offlineSale({ unitPrice: '1000.00' }))
      .thenRefused(
        'conflict',
        "The offline price 1000.00 for Shea butter was never its price at or after the till's catalogue; a manager must resolve this sale",
      );
  });

  it('refuses a time of sale in the future, absurdly old, or before its catalogue', () => {
    given(initialSaleState(), shea(created))
      .when(offlineSale({ soldAt: '2026-11-20T12:10:00.000Z' }))
      .thenRefused('validation', 'The time of sale is in the future');
    given(initialSaleState(), shea(created))
      .when(offlineSale({ soldAt: '2026-10-01T12:00:00.000Z' }))
      .thenRefused('validation', 'The time of sale is more than 30 days ago');
    given(initialSaleState(), shea(created))
      .when(offlineSale({ catalogAsOf: '2026-11-20T11:00:00.000Z' }))
      .thenRefused('validation', 'The time of sale is before the catalogue it was priced from');
  });

  it('records nothing for an offline sale already recorded (a second tab, a retry)', () => {
    const recorded = { recorded: true as const, saleId: 'CASH-1764000000000-off' };
    given(recorded, shea(created))
      .when(offlineSale())
      .then({ sale: [], products: [[]] });
  });
});

describe('prices accepted from a catalogue snapshot', () => {
  const prices: PriceInForce[] = [
    { price: '10.00', from: '2026-11-01T00:00:00.000Z' },
    { price: '12.00', from: '2026-11-10T00:00:00.000Z' },
    { price: '11.00', from: '2026-11-15T00:00:00.000Z' },
  ];
  it('accepts the price in force at the snapshot and every later one, never an earlier one', () => {
    expect(pricesAcceptedSince(prices, '2026-11-12T00:00:00.000Z')).toEqual(['12.00', '11.00']);
    expect(pricesAcceptedSince(prices, '2026-11-20T00:00:00.000Z')).toEqual(['11.00']);
  });
  it('accepts the first price of a product created after the snapshot', () => {
    expect(pricesAcceptedSince(prices, '2026-10-01T00:00:00.000Z')).toEqual(['10.00', '12.00', '11.00']);
  });
});
