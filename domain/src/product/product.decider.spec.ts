import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { created, productId } from './product.test-events';
import { productDecider, type ProductCommand } from './product.decider';

const movementId = '0b6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';

const given = DeciderSpecification.for(productDecider);

const issue = (
  quantity: number,
  extra: Partial<Extract<ProductCommand, { type: 'IssueStock' }>> = {},
): ProductCommand => ({
  type: 'IssueStock',
  productId,
  movementId,
  quantity,
  reason: 'sale',
  unitPrice: null,
  discountPercentage: '0',
  sellerName: 'ada',
  notes: null,
  saleId: 'CASH-1',
  ...extra,
});

describe('product decider', () => {
  it('creates a product with normalised amounts', () => {
    given()
      .when({
        type: 'CreateProduct',
        productId,
        name: 'Shea Butter',
        sku: 'SHEA-01',
        category: 'Body Care',
        price: '2500',
        costPrice: '1800.0',
        openingStock: 5,
        minStockLevel: 2,
        description: null,
        images: [],
      })
      .then([created]);
  });

  it('sells at the catalogue price with the cost in force and an exact discount', () => {
    given(created)
      .when(issue(3, { discountPercentage: '12.5' }))
      .then([
        {
          type: 'StockIssued',
          data: {
            productId,
            movementId,
            quantity: 3,
            reason: 'sale',
            unitPrice: '2500.00',
            costPrice: '1800.00',
            discountPercentage: '12.50',
            originalTotal: '7500.00',
            discountAmount: '937.50',
            totalValue: '6562.50',
            sellerName: 'ada',
            notes: null,
            saleId: 'CASH-1',
          },
        },
      ]);
  });

  it('refuses a stock out beyond the current stock with the spec text', () => {
    given(created).when(issue(6)).thenRefused('conflict', 'Only 5 units available for Shea Butter');
  });

  it('says no units are available, not a negative count, once an offline sale oversold the product', () => {
    const offline = { soldAt: '2026-11-28T09:00:00.000Z', syncedAt: '2026-11-28T10:00:00.000Z' };
    const oversold = productDecider.decide(issue(8, { offline }), fold(productDecider, [created]));
    expect(fold(productDecider, [created, ...oversold])).toMatchObject({ stock: -3 });
    given(created, ...oversold)
      .when(issue(1))
      .thenRefused('conflict', 'Only 0 units available for Shea Butter');
  });

  it('counts received and issued stock', () => {
    const received: DomainEvent = {
      type: 'StockReceived',
      data: {
        productId,
        movementId,
        quantity: 4,
        reason: 'purchase',
        unitPrice: '2500.00',
        costPrice: '1900.00',
        totalValue: '10000.00',
        sellerName: 'ada',
        notes: null,
        saleId: null,
      },
    };
    const state = fold(productDecider, [created, received]);
    expect(state).toMatchObject({ stock: 9, costPrice: '1900.00' });
    given(created, received).when(issue(10)).thenRefused('conflict', 'Only 9 units available for Shea Butter');
  });

  it('refuses movements on a deleted product and on an unknown one', () => {
    const deleted: DomainEvent = { type: 'ProductDeleted', data: { productId } };
    given(created, deleted).when(issue(1)).thenRefused('conflict', 'This product has been deleted');
    given().when(issue(1)).thenRefused('not_found', 'Product not found');
    given(created, deleted)
      .when({ type: 'DeleteProduct', productId })
      .thenRefused('conflict', 'This product has been deleted');
  });

  it('refuses a quantity that is not a whole number of at least 1', () => {
    given(created).when(issue(0)).thenRefused('validation', 'Quantity must be a whole number of at least 1');
    given(created).when(issue(1.5)).thenRefused('validation', 'Quantity must be a whole number of at least 1');
  });

  it('computes stock-in total value exactly', () => {
    const events = productDecider.decide(
      {
        type: 'ReceiveStock',
        productId,
        movementId,
        quantity: 3,
        reason: 'purchase',
        unitPrice: '0.1',
        costPrice: null,
        sellerName: 'ada',
        notes: null,
        saleId: null,
      },
      fold(productDecider, [created]),
    );
    expect(events[0]).toMatchObject({ type: 'StockReceived', data: { unitPrice: '0.10', totalValue: '0.30' } });
  });
});
