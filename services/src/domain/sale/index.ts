export * from './sale.decider';
