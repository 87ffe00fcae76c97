export * from './limits';
export * from './money';
export * from './catalogue';
export * from './events';
export * from './api';
