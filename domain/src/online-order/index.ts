export * from './online-order.decider';
export * from './online-order-status.decider';
export * from './order-number-registry.decider';
