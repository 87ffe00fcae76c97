export * from './app-config';
export type { TrustProxy } from './trust-proxy';
export { describeStartupError } from './startup-error';
