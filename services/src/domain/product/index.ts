export * from './product.decider';
export * from './sku-registry.decider';
