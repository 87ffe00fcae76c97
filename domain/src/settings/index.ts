export * from './setting.decider';
export * from './page-permissions.decider';
