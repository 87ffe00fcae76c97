import { LIMITS, type DomainEvent } from '@shop/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { created, productId } from './product.test-events';
import { productDecider, type ProductCommand } from './product.decider';
import { movementReversalDecider } from './movement-reversal.decider';
import { stocktakeDecider } from './stocktake.decider';

const movementId = '0b6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';
const otherId = '1c6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';

const product = DeciderSpecification.for(productDecider);
const stocktake = DeciderSpecification.for(stocktakeDecider);
const reversing = (target: string) => DeciderSpecification.for(movementReversalDecider(target));

const receive = (quantity: number, unitPrice: string): ProductCommand => ({
  type: 'ReceiveStock',
  productId,
  movementId,
  quantity,
  reason: 'purchase',
  unitPrice,
  costPrice: null,
  sellerName: 'ada',
  notes: null,
  saleId: null,
});

const issue = (quantity: number, unitPrice: string | null): ProductCommand => ({
  type: 'IssueStock',
  productId,
  movementId,
  quantity,
  reason: 'sale',
  unitPrice,
  discountPercentage: '0',
  sellerName: 'ada',
  notes: null,
  saleId: null,
});

/** Shea Butter (5 in stock) with a stock level of `stock` after one receipt at 0.01. */
const stockedTo = (stock: number): DomainEvent[] => [
  created,
  {
    type: 'StockReceived',
    data: {
      productId,
      movementId: otherId,
      quantity: stock - 5,
      reason: 'purchase',
      unitPrice: '0.01',
      costPrice: null,
      totalValue: '0.01',
      sellerName: 'ada',
      notes: null,
      saleId: null,
    },
  },
];

describe('product deciders refuse what the read models cannot store', () => {
  it('refuses a stock in whose total (1,001 × 99,999.99) exceeds the largest amount, and accepts the largest that fits', () => {
    product(created)
      .when(receive(1001, '99999.99'))
      .thenRefused('validation', 'Total must be at most 99999999.99: 1001 × 99999.99 is 100099989.99');
    expect(product(created).when(receive(1000, '99999.99')).events()).not.toHaveLength(0);
    expect(product(created).when(receive(1, LIMITS.maxLineTotal)).events()).not.toHaveLength(0);
    product(created)
      .when(receive(2, '50000000.00'))
      .thenRefused('validation', 'Total must be at most 99999999.99: 2 × 50000000.00 is 100000000.00');
  });

  it('refuses a stock out whose total exceeds the largest amount', () => {
    product(...stockedTo(10_000))
      .when(issue(10_000, '10000.01'))
      .thenRefused('validation', 'Total must be at most 99999999.99: 10000 × 10000.01 is 100000100.00');
    expect(
      product(...stockedTo(10_000))
        .when(issue(10_000, '9999.99'))
        .events(),
    ).not.toHaveLength(0);
  });

  it('refuses a receipt that would take the stock past the largest stock level, with 409', () => {
    product(...stockedTo(LIMITS.maxStockLevel))
      .when(receive(1, '0.00'))
      .thenRefused(
        'conflict',
        'Stock of Shea Butter must be at most 1000000000 units: 1000000000 in stock, 1 more would make 1000000001',
      );
    expect(
      product(...stockedTo(LIMITS.maxStockLevel - 1))
        .when(receive(1, '0.00'))
        .events(),
    ).not.toHaveLength(0);
  });

  it('refuses an opening stock or a minimum stock level past the largest stock level', () => {
    const create = (openingStock: number, minStockLevel: number): ProductCommand => ({
      type: 'CreateProduct',
      productId,
      name: 'Shea Butter',
      sku: 'SHEA-01',
      category: 'Body Care',
      price: '1.00',
      costPrice: null,
      openingStock,
      minStockLevel,
      description: null,
      images: [],
    });
    product()
      .when(create(LIMITS.maxStockLevel + 1, 0))
      .thenRefused('validation', 'Current stock must be at most 1000000000');
    product()
      .when(create(0, LIMITS.maxStockLevel + 1))
      .thenRefused('validation', 'Minimum stock level must be at most 1000000000');
    expect(product().when(create(LIMITS.maxStockLevel, LIMITS.maxStockLevel)).events()).not.toHaveLength(0);
  });

  it('refuses a count past the largest stock level, and an adjustment whose value does not fit', () => {
    const take = (countedQuantity: number) => ({
      type: 'TakeStock' as const,
      productId,
      stocktakeId: otherId,
      movementId,
      countedQuantity,
      sellerName: 'ada',
      notes: 'recount',
    });
    stocktake(created)
      .when(take(LIMITS.maxStockLevel + 1))
      .thenRefused('validation', 'Counted quantity must be at most 1000000000');
    // Shea Butter sells at 2500.00: 40,005 counted is 40,000 more, valued at 100,000,000.00.
    stocktake(created)
      .when(take(40_005))
      .thenRefused('validation', 'Total must be at most 99999999.99: 40000 × 2500.00 is 100000000.00');
    expect(stocktake(created).when(take(40_004)).events()).not.toHaveLength(0);
  });

  it('refuses the reversal of a stock out that would take the stock past the largest stock level', () => {
    const sold: DomainEvent = {
      type: 'StockIssued',
      data: {
        productId,
        movementId: otherId,
        quantity: 2,
        reason: 'sale',
        unitPrice: '0.01',
        costPrice: null,
        originalTotal: '0.02',
        discountPercentage: '0.00',
        discountAmount: '0.00',
        totalValue: '0.02',
        sellerName: 'ada',
        notes: null,
        saleId: null,
      },
    };
    const reverse = {
      type: 'ReverseMovement' as const,
      productId,
      movementId,
      reversedMovementId: otherId,
      reversedAt: '2026-01-01T00:00:00.000Z',
      sellerName: 'ada',
      notes: null,
    };
    // 5 in stock, 2 sold (3 left), then topped up to the largest stock level less one.
    const topUp = (quantity: number): DomainEvent => ({
      type: 'StockReceived',
      data: {
        productId,
        movementId: '2d6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b',
        quantity,
        reason: 'purchase',
        unitPrice: '0.00',
        costPrice: null,
        totalValue: '0.00',
        sellerName: 'ada',
        notes: null,
        saleId: null,
      },
    });
    reversing(otherId)(created, sold, topUp(LIMITS.maxStockLevel - 4))
      .when(reverse)
      .thenRefused(
        'conflict',
        'Stock of Shea Butter must be at most 1000000000 units: 999999999 in stock, 2 more would make 1000000001',
      );
    expect(
      reversing(otherId)(created, sold, topUp(LIMITS.maxStockLevel - 5))
        .when(reverse)
        .events(),
    ).not.toHaveLength(0);
  });
});
