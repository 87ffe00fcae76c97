export * from './product.decider';
export * from './sku-registry.decider';
export * from './stocktake.decider';
export * from './movement-reversal.decider';
