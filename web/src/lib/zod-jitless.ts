/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it with a
 * throw-away `new Function('')`: under the gateway's Content-Security-Policy (no 'unsafe-eval') that
 * probe is a reported violation. Imported first in main.tsx, before any schema is built.
 *
 * Zod keeps its global config on `globalThis.__zod_globalConfig` (zod/v4/core/core.js), shared by
 * every copy and flavour of zod; seeding it here, rather than calling `z.config`, keeps zod out of
 * the entry chunk (the sign-in page loads no zod). The browser suite's CSP check guards the name.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
