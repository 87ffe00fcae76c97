import type { DomainEvent } from '@shop/contracts';
import { DomainError } from '../shared/domain-error';
import { fold } from '../shared/decider';
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

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

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
  const decide = (history: DomainEvent[], command: TakeStock) =>
    stocktakeDecider.decide(command, fold(stocktakeDecider, history));

  it('records a shortfall as a stock out adjustment at the catalogue price, with the count', () => {
    expect(decide([created, receipt], take(6))).toEqual([
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
    const [event] = decide([created], take(8));
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
    expect(decide([created], take(5))).toEqual([]);
    expect(refusal(() => decide([created], take(-1)))).toEqual({
      code: 'validation',
      message: 'Counted quantity must be a whole number of 0 or more',
    });
    expect(refusal(() => decide([created, { type: 'ProductDeleted', data: { productId } }], take(1))).code).toBe(
      'conflict',
    );
    expect(refusal(() => decide([], take(1))).code).toBe('not_found');
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
  const decide = (history: DomainEvent[], command: TakeStock) =>
    stocktakeLineDecider.decide(command, fold(stocktakeLineDecider, history));

  it('decides like a single stocktake', () => {
    expect(decide([created, receipt], take(6))).toEqual(
      stocktakeDecider.decide(take(6), fold(stocktakeDecider, [created, receipt])),
    );
  });

  it('names the product in its refusals, since a sheet holds many', () => {
    expect(refusal(() => decide([], take(1)))).toEqual({
      code: 'not_found',
      message: `Product ${productId} not found`,
    });
    const deleted = refusal(() => decide([created, { type: 'ProductDeleted', data: { productId } }], take(1)));
    expect(deleted.code).toBe('conflict');
    expect(deleted.message).toMatch(/ has been deleted: take it off the count sheet$/);
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
  const decide = (history: DomainEvent[], target: string) => {
    const decider = movementReversalDecider(target);
    return decider.decide(reverse(target), fold(decider, history));
  };

  it('reverses a sale line with a compensating stock in that copies the original', () => {
    expect(decide([created, receipt, saleLine], saleLineId)).toEqual([
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
    expect(decide([created, receipt], receiptId)[0]).toMatchObject({
      type: 'StockIssued',
      data: {
        quantity: 4,
        reason: 'adjustment',
        totalValue: '10000.00',
        reverses: { movementId: receiptId, type: 'in' },
      },
    });
    expect(refusal(() => decide([created, receipt, saleLine, saleLine, saleLine], receiptId))).toEqual({
      code: 'conflict',
      message: 'Reversing this stock in would make the stock of Shea Butter negative: only 3 units are in stock',
    });
  });

  it('refuses a second reversal, the reversal of a reversal and an unknown movement', () => {
    const [compensation] = decide([created, receipt], receiptId);
    const history = [created, receipt, compensation!];
    expect(refusal(() => decide(history, receiptId))).toEqual({
      code: 'conflict',
      message: 'This movement has already been reversed',
    });
    expect(refusal(() => decide(history, newId)).message).toBe(
      'This movement is a reversal itself and cannot be reversed',
    );
    expect(refusal(() => decide([created], saleLineId))).toEqual({
      code: 'not_found',
      message: 'Transaction not found',
    });
  });
});
