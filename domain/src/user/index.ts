export * from './user.decider';
export * from './username-registry.decider';
