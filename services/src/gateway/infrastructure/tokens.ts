/** Injection tokens for the infrastructure the gateway is handed at start. */
export const DATABASE = Symbol('DATABASE');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const READ_MODEL_SYNC = Symbol('READ_MODEL_SYNC');
