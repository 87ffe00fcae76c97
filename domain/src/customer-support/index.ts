export * from './support-request.decider';
export * from './support-request-ids.decider';
