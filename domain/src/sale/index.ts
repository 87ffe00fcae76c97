export * from './sale.decider';
export * from './sale-id-owner.decider';
export * from './offline-sale.rules';
export * from './receipt-line.decider';
