export * from './decider';
export * from './domain-error';
export * from './money';
export * from './command-context';
