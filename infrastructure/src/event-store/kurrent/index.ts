export * from './kurrent-event-store';
