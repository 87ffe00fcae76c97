export * from './auth.contract';
export * from './product.contract';
export * from './transaction.contract';
export * from './dashboard.contract';
export * from './settings.contract';
export * from './user.contract';
export * from './error.contract';
