export * from './money-schemas';
export * from './kobo';
