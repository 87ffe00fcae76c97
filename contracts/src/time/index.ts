export * from './shop-clock';
