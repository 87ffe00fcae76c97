export * from './setting.decider';
