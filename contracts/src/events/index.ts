export * from './event-metadata';
export * from './product-events';
export * from './user-events';
export * from './sale-events';
export * from './event-catalogue';
