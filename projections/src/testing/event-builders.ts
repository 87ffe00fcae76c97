/* Event data as the domain would emit it, for tests and the rebuild benchmark. */
import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@shop/contracts';
import type { NewEvent } from '@shop/infrastructure';

/** An event as a command handler would append it. */
export function newEvent<T extends EventType>(type: T, data: EventData<T>, at = '2025-03-10T10:00:00.000Z'): NewEvent {
  return { type, schemaVersion: 1, data, metadata: { actorId: null, actorName: 'tester', at } };
}

export function productCreated(overrides: Partial<EventData<'ProductCreated'>> = {}): EventData<'ProductCreated'> {
  return {
    productId: randomUUID(),
    name: 'Shea Butter Cream',
    sku: `SKU-${randomUUID().slice(0, 8)}`,
    category: 'Skincare Products',
    price: '1500.00',
    costPrice: '1000.00',
    openingStock: 10,
    minStockLevel: 2,
    description: null,
    images: [],
    ...overrides,
  };
}

export function stockReceived(
  productId: string,
  quantity: number,
  overrides: Partial<EventData<'StockReceived'>> = {},
): EventData<'StockReceived'> {
  return {
    productId,
    movementId: randomUUID(),
    quantity,
    reason: 'purchase',
    unitPrice: '1000.00',
    costPrice: null,
    totalValue: (quantity * 1000).toFixed(2),
    sellerName: 'ada',
    notes: null,
    saleId: null,
    ...overrides,
  };
}

/** A sale line without discount: totals follow unitPrice × quantity. */
export function stockIssued(
  productId: string,
  quantity: number,
  unitPrice: string,
  overrides: Partial<EventData<'StockIssued'>> = {},
): EventData<'StockIssued'> {
  const total = (Number(unitPrice) * quantity).toFixed(2);
  return {
    productId,
    movementId: randomUUID(),
    quantity,
    reason: 'sale',
    unitPrice,
    costPrice: null,
    originalTotal: total,
    discountPercentage: '0.00',
    discountAmount: '0.00',
    totalValue: total,
    sellerName: 'ada',
    notes: null,
    saleId: null,
    ...overrides,
  };
}

/**
 * Assistant "ada" created, signed in and deactivated, a day apart: the audit log names her in each
 * line ('Created assistant ada', 'ada signed in', 'Deactivated ada').
 */
export function userHistory(userId: string): NewEvent[] {
  const ada = {
    userId,
    username: 'ada',
    passwordHash: 'hash',
    role: 'assistant' as const,
    permissions: {},
    isActive: true,
  };
  return [
    newEvent('UserCreated', ada, '2025-03-01T08:00:00.000Z'),
    newEvent('UserSignedIn', { userId }, '2025-03-02T08:00:00.000Z'),
    newEvent('UserActivationChanged', { userId, isActive: false }, '2025-03-03T08:00:00.000Z'),
  ];
}
