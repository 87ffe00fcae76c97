export * from './customer.decider';
export * from './customer-email-registry.decider';
