import { join } from 'node:path';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@shop/contracts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A whole number as an environment variable holds it: digits only (not 0x115D, 1e3 or 12.5), spaces around ignored. */
const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().max(max, `${name} must be at most ${max}`));

const envSchema = z.object({
  PORT: wholeNumber('PORT', 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  EVENTSTORE_URL: z
    .string()
    .regex(
      /^(kurrentdb|esdb|kdb)(\+discover)?:\/\//,
      'EVENTSTORE_URL must be a kurrentdb:// or esdb:// connection string',
    )
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .optional(),
  PROJECTIONS: z.enum(['embedded', 'external']).default('embedded'),
  COOKIE_SECURE: flag,
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  WEB_DIST: z.string().optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465')
    .optional(),
  SMTP_FROM: z.string().trim().min(3).max(255).default('Glow Beauty <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  STOREFRONT_TOKEN: z.string().min(16, 'STOREFRONT_TOKEN must be at least 16 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  READY_MAX_PROJECTION_LAG: wholeNumber('READY_MAX_PROJECTION_LAG', Number.MAX_SAFE_INTEGER).default(1_000),
});

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly eventStoreUrl?: string;
  readonly admin: { readonly username?: string; readonly password?: string };
  /** 'external': a separate projector process keeps the read models; the gateway only waits for them. */
  readonly projections: 'embedded' | 'external';
  readonly cookieSecure: boolean;
  readonly sessionTtlHours: number;
  readonly webDist?: string;
  /** Uploaded product images and videos (default: DATA_DIR/media). */
  readonly mediaDir: string;
  /** Mail server for support replies; unset, replies wait in each request's outbox. */
  readonly smtpUrl?: string;
  readonly smtpFrom: string;
  /** Bearer token of the storefront's order and customer intake; unset, only a manager session may use it. */
  readonly storefrontToken?: string;
  /** Lowest level written to the JSON log lines on stdout. */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /**
   * Which proxies may name the client in X-Forwarded-For (Fastify's `trustProxy`, proxy-addr). false: none,
   * the socket address is the client, which is what the rate limits count.
   */
  readonly trustProxy: TrustProxy;
  /** Bearer token of GET /api/metrics; unset, the metrics endpoint answers 404. */
  readonly metricsToken?: string;
  /** GET /api/ready answers 503 while a read model is this many events or more behind the store. */
  readonly readyMaxProjectionLag: number;
  /** When set, product media go straight to this S3-compatible bucket through presigned URLs. */
  readonly s3?: {
    readonly bucket: string;
    readonly region: string;
    readonly endpoint?: string;
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
  };
}

export class ConfigError extends Error {}

/** Parsed once at start; a bad setting stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  const trustProxy = parseTrustProxy(value.TRUST_PROXY);
  if ('error' in trustProxy) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  if (value.ADMIN_USERNAME && !value.ADMIN_PASSWORD)
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD is required when ADMIN_USERNAME is set');
  if (value.PROJECTIONS === 'external' && !value.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  PROJECTIONS=external needs DATABASE_URL (the embedded PGlite serves one process)',
    );
  if (value.S3_BUCKET && !(value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    eventStoreUrl: value.EVENTSTORE_URL,
    admin: { username: value.ADMIN_USERNAME, password: value.ADMIN_PASSWORD },
    projections: value.PROJECTIONS,
    cookieSecure: value.COOKIE_SECURE,
    sessionTtlHours: value.SESSION_TTL_HOURS,
    webDist: value.WEB_DIST,
    mediaDir: value.MEDIA_DIR ?? join(value.DATA_DIR, 'media'),
    s3:
      value.S3_BUCKET && value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? {
            bucket: value.S3_BUCKET,
            region: value.S3_REGION,
            endpoint: value.S3_ENDPOINT,
            accessKeyId: value.S3_ACCESS_KEY_ID,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    smtpUrl: value.SMTP_URL,
    smtpFrom: value.SMTP_FROM,
    storefrontToken: value.STOREFRONT_TOKEN,
    logLevel: value.LOG_LEVEL,
    trustProxy: trustProxy.value,
    metricsToken: value.METRICS_TOKEN,
    readyMaxProjectionLag: value.READY_MAX_PROJECTION_LAG,
  };
}
