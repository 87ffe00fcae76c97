export * from './limits';
export * from './money';
export * from './time';
export * from './assert-never';
export * from './bounded-memo';
export * from './catalogue';
export * from './events';
export * from './api';
