export * from './money-schemas';
export * from './kobo';
export * from './money-text';
