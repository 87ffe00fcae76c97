import type { DomainEvent } from '@shop/contracts';

/** The product the product-stream decider specs start from: Shea Butter, 5 in stock, costing 1800.00. */
export const productId = '7d3c1a52-9f1e-4a7e-8d55-2a1b3c4d5e6f';

export const created: DomainEvent = {
  type: 'ProductCreated',
  data: {
    productId,
    name: 'Shea Butter',
    sku: 'SHEA-01',
    category: 'Body Care',
    price: '2500.00',
    costPrice: '1800.00',
    openingStock: 5,
    minStockLevel: 2,
    description: null,
    images: [],
  },
};
