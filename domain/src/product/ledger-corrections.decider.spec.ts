import type { DomainEvent } from '@shop/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { created, productId } from './product.test-events';
import { movementReversalDecider, type ReverseMovement } from './movement-reversal.decider';
import { stocktakeDecider, stocktakeLineDecider, type TakeStock } from './stocktake.decider';

const receiptId = '0b6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';
const saleLineId = '1c6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';
const newId = '2d6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';
const stocktakeId = '3e6c7e1a-2f3d-4e5f-8a9b-1c2d3e4f5a6b';

const receipt: DomainEvent = {
  type: 'StockReceived',
  data: {
    productId,
    movementId: receiptId,
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
const saleLine: DomainEvent = {
  type: 'StockIssued',
  data: {
    productId,
    movementId: saleLineId,
    quantity: 2,
    reason: 'sale',
    unitPrice: '2500.00',
    costPrice: '1900.00',
    originalTotal: '5000.00',
    discountPercentage: '10.00',
    discountAmount: '500.00',
    totalValue: '4500.00',
    sellerName: 'bola',
    notes: null,
    saleId: 'CASH-1',
  },
};

const deleted: DomainEvent = { type: 'ProductDeleted', data: { productId } };

describe('stocktake decider', () => {
  const take = (countedQuantity: number): TakeStock => ({
    type: 'TakeStock',
    productId,
    stocktakeId,
    movementId: newId,
    countedQuantity,
    sellerName: 'ada',
    notes: 'Monthly count',
  });
  const given = DeciderSpecification.for(stocktakeDecider);

  it('records a shortfall as a stock out adjustment at the catalogue price, with the count', () => {
    given(created, receipt)
      .when(take(6))
      .then([
        {
          type: 'StockIssued',
          data: expect.objectContaining({
            movementId: newId,
            quantity: 3,
            reason: 'adjustment',
            unitPrice: '2500.00',
            costPrice: '1900.00',
            totalValue: '7500.00',
            notes: 'Monthly count',
            stocktake: { stocktakeId, expectedQuantity: 9, countedQuantity: 6 },
          }),
        },
      ]);
  });

  it('records a surplus as a stock in adjustment that leaves the cost in force alone', () => {
    const [event] = given(created).when(take(8)).events();
    expect(event).toMatchObject({
      type: 'StockReceived',
      data: {
        quantity: 3,
        reason: 'adjustment',
        costPrice: null,
        stocktake: { expectedQuantity: 5, countedQuantity: 8 },
      },
    });
  });

  it('records nothing when the count matches, and refuses bad counts and deleted products', () => {
    given(created).when(take(5)).thenNothing();
    given(created).when(take(-1)).thenRefused('validation', 'Counted quantity must be a whole number of 0 or more');
    given(created, deleted).when(take(1)).thenRefused('conflict', 'This product has been deleted');
    given().when(take(1)).thenRefused('not_found', 'Product not found');
  });
});

describe('stocktake line decider (a count sheet)', () => {
  const take = (countedQuantity: number): TakeStock => ({
    type: 'TakeStock',
    productId,
    stocktakeId,
    movementId: newId,
    countedQuantity,
    sellerName: 'ada',
    notes: 'Monthly count',
  });
  const given = DeciderSpecification.for(stocktakeLineDecider);

  it('decides like a single stocktake', () => {
    given(created, receipt)
      .when(take(6))
      .then(DeciderSpecification.for(stocktakeDecider)(created, receipt).when(take(6)).events());
  });

  it('names the product in its refusals, since a sheet holds many', () => {
    given().when(take(1)).thenRefused('not_found', `Product ${productId} not found`);
    given(created, deleted)
      .when(take(1))
      .thenRefused('conflict', 'Shea Butter has been deleted: take it off the count sheet');
  });
});

describe('movement reversal decider', () => {
  const reverse = (reversedMovementId: string): ReverseMovement => ({
    type: 'ReverseMovement',
    productId,
    movementId: newId,
    reversedMovementId,
    reversedAt: '2025-03-10T09:00:00.000Z',
    sellerName: 'manager',
    notes: 'Keyed twice',
  });
  /** The spec of reversing one movement: the reversal decider follows the movement it reverses. */
  const reversing = (target: string) => DeciderSpecification.for(movementReversalDecider(target));

  it('reverses a sale line with a compensating stock in that copies the original', () => {
    reversing(saleLineId)(created, receipt, saleLine)
      .when(reverse(saleLineId))
      .then([
        {
          type: 'StockReceived',
          data: {
            productId,
            movementId: newId,
            quantity: 2,
            reason: 'adjustment',
            unitPrice: '2500.00',
            costPrice: null,
            totalValue: '4500.00',
            sellerName: 'manager',
            notes: 'Keyed twice',
            saleId: null,
            reverses: {
              movementId: saleLineId,
              type: 'out',
              reason: 'sale',
              at: '2025-03-10T09:00:00.000Z',
              quantity: 2,
              sellerName: 'bola',
              saleId: 'CASH-1',
              unitPrice: '2500.00',
              costPrice: '1900.00',
              originalTotal: '5000.00',
              discountAmount: '500.00',
              totalValue: '4500.00',
            },
          },
        },
      ]);
  });

  it('reverses a receipt with a stock out, unless the stock would go negative', () => {
    const [compensation] = reversing(receiptId)(created, receipt).when(reverse(receiptId)).events();
    expect(compensation).toMatchObject({
      type: 'StockIssued',
      data: {
        quantity: 4,
        reason: 'adjustment',
        totalValue: '10000.00',
        reverses: { movementId: receiptId, type: 'in' },
      },
    });
    reversing(receiptId)(created, receipt, saleLine, saleLine, saleLine)
      .when(reverse(receiptId))
      .thenRefused(
        'conflict',
        'Reversing this stock in would make the stock of Shea Butter negative: only 3 units are in stock',
      );
  });

  it('refuses a second reversal, the reversal of a reversal and an unknown movement', () => {
    const [compensation] = reversing(receiptId)(created, receipt).when(reverse(receiptId)).events();
    const history = [created, receipt, compensation!];
    reversing(receiptId)(...history)
      .when(reverse(receiptId))
      .thenRefused('conflict', 'This movement has already been reversed');
    reversing(newId)(...history)
      .when(reverse(newId))
      .thenRefused('conflict', 'This movement is a reversal itself and cannot be reversed');
    reversing(saleLineId)(created).when(reverse(saleLineId)).thenRefused('not_found', 'Transaction not found');
  });
});
