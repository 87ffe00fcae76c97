import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it with a
 * throw-away `new Function('')`: under the gateway's Content-Security-Policy (no 'unsafe-eval') that
 * probe is a reported violation. Imported first in main.tsx, before any schema is built.
 */
z.config({ jitless: true });
