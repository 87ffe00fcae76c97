export * from './shared';
export * from './product';
export * from './user';
export * from './settings';
export * from './sale';
