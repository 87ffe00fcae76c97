export * from './decider';
export * from './domain-error';
export * from './limit-checks';
export * from './command-context';
export * from './changes-since';
