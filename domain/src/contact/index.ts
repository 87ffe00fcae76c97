export * from './contact-info.decider';
