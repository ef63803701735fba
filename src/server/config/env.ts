import { config as loadDotenv } from 'dotenv';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_RULE, passwordSchema } from '../../shared/contracts/common';

/** The only reader of process.env. A wrong value stops start-up with one line naming the variable. */
const optionalUrl = z.url().optional();
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PostgreSQL connections this server holds, over all its processes (SERVER_PROCESSES share it):
   * by default twice the machine's cores, at least 4 and at most 10 (`databasePoolSize`).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  /** The embedded database's page cache (PostgreSQL shared_buffers), its memory taken as pages are read into it. */
  PGLITE_CACHE_MB: z.coerce.number().int().min(8).max(4096).default(32),
  /**
   * Server processes on this machine sharing the port (node:cluster), on PostgreSQL only: one
   * process's JavaScript runs on one core, so more use more cores (docs/operations.md).
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** `off`: the embedded database runs on the main thread instead of a worker thread. */
  PGLITE_WORKER: z.enum(['on', 'off']).default('on'),
  /** `off`: the list call asks the embedded database every time (pattern-list/list-cache.ts). */
  LIST_ANSWERS_KEPT: z.enum(['on', 'off']).default('on'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pattern Partner Portal <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email({ pattern: z.regexes.html5Email }).default('support@localhost'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  ADMIN_EMAIL: z.email({ pattern: z.regexes.html5Email }).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  PUBLIC_URL: optionalUrl,
  INSTAGRAM_URL: optionalUrl,
  /** Turns on GET /metrics (Prometheus text), answered only to `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The reverse proxies in front of the portal, whose X-Forwarded-For is believed (docs/configuration.md):
   * `false` (none), a list of their addresses or ranges (`10.0.0.2, 172.16.0.0/12`; `true`: any
   * on loopback or a private network), or a hop count. The client address is the nearest one those proxies report,
   * never an entry a client wrote itself, so per-address limits hold behind a proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, true (proxies on loopback or a private network), a comma-separated list of proxy addresses or ranges (10.0.0.2, 172.16.0.0/12), or a number of proxy hops',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  PASSWORD_HASH_COST: z.coerce.number().int().min(14).max(20).default(17),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Admins must have a second factor (app or passkey): set-up right after sign-in, nothing else until then. */
  REQUIRE_ADMIN_2FA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A PDF checker's resident memory, MB, over which it is killed (features/preflight/pdf-facts.ts). */
  PDF_CHECK_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(512),
  /** How long a deleted pattern stays in the Trash before the daily purge (features/trash). */
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Bulk import limits (docs/configuration.md): refused with a message above them. */
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(5000),
  IMPORT_MAX_SHEET_MB: z.coerce.number().int().min(1).default(20),
  IMPORT_MAX_ZIP_MB: z.coerce.number().int().min(1).default(1024),
  IMPORT_MAX_ZIP_ENTRIES: z.coerce.number().int().min(1).default(5000),
  IMPORT_MAX_UNCOMPRESSED_MB: z.coerce.number().int().min(1).default(2048),
  IMPORT_MAX_RATIO: z.coerce.number().min(1).default(100),
  /** `off`: this process runs no imports (API tests drive a worker themselves). */
  IMPORT_WORKER: z.enum(['on', 'off']).default('on'),
  /** Lets webhooks reach private/loopback addresses and plain http (tests, closed networks). Off by default: SSRF. */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Hours an endpoint may keep failing (no success since) before it is disabled (paused) and admins get one e-mail. */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().max(720).default(12),
  /** AES-256-GCM key for webhook secrets at rest: 32 bytes, base64. Unset: a key generated once in DATA_DIR. */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 32, {
      message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  /**
   * Company sign-in (OpenID Connect, docs/sign-in.md): the issuer's URL (its discovery document is
   * read from it), the client registered there and the button's label. All four set, or none.
   */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISPLAY_NAME: z.string().min(1).max(60).optional(),
  /** Lets the issuer be plain http or a private/loopback address (tests, closed networks), as for webhooks. */
  OIDC_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The publisher's time zone (IANA name): release times are read and shown on its clock. */
  PUBLISHER_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(
      (v) => {
        // UTC needs no check: a first Intl.DateTimeFormat loads ICU's locale and zone data, about
        // 8 MB resident for good, which an idle server on the default then does not hold (ADR 012).
        if (v === 'UTC') return true;
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: v });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be an IANA time zone name, e.g. Europe/London' },
    ),
  /** How long an invitation's link stays valid. */
  INVITE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /**
   * The `backup` and `restore` tools' passphrase (at least 12 characters; the portal itself never
   * reads it): authenticates the archive and wraps the secrets key inside it (docs/operations.md).
   */
  BACKUP_PASSPHRASE: z.string().optional(),
  /** How often an idle job worker (mails, webhook deliveries) looks for due jobs. */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /**
   * How long a claimed job is held before another process may take it (a process killed mid-job is
   * taken over after this). Keep it well above a batch's longest run (10 jobs × the 10 s webhook
   * time-out), or a slow job is taken again while still running and sent twice.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(500).max(86_400_000).default(300_000),
  /** Salesforce B2C Commerce delivery (docs/storefront.md); a target without a URL is off. */
  ...storefrontTargetVariables('STAGING'),
  ...storefrontTargetVariables('PRODUCTION'),
  STOREFRONT_OAUTH_URL: z.url().default('https://account.demandware.com/dwsso/oauth2/access_token'),
  /** Lets the storefront targets be plain http or private/loopback addresses (tests, closed networks). */
  STOREFRONT_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** At most one archive per target this often: changes in between travel together. */
  STOREFRONT_BATCH_SECONDS: z.coerce.number().min(0.1).max(86_400).default(60),
  /** How often a running import job is asked for its state. */
  STOREFRONT_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  /** Products (masters) per archive; a resync or a large batch is split into archives this size. */
  STOREFRONT_ARCHIVE_MAX_PRODUCTS: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** JSON object: Pattern Type → storefront category id (default: the type lowercased, spaces as dashes). */
  STOREFRONT_CATEGORY_MAP: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        const map = JSON.parse(v) as unknown;
        if (map && typeof map === 'object' && !Array.isArray(map))
          if (Object.values(map).every((c) => typeof c === 'string' && c.length > 0))
            return map as Record<string, string>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of non-empty texts' });
      return z.NEVER;
    }),
});

/**
 * TRUST_PROXY read: false, a hop count, or a list of proxy addresses, CIDR ranges and proxy-addr's
 * names (`loopback`, `linklocal`, `uniquelocal`). Never "every hop", which would take the leftmost
 * X-Forwarded-For entry, written by the client: `true` means the proxies on this machine or a
 * private network (the three names). Undefined for a value that is none of these.
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return [...PRIVATE_RANGES];
  if (/^\d+$/.test(v)) return Number(v) <= 32 ? Number(v) : undefined;
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if ((PRIVATE_RANGES as readonly string[]).includes(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return list.length && list.every(valid) ? list : undefined;
}
const PRIVATE_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function trusting that many hops
 * (Fastify itself trusts no hop for a number): right only when the portal can be reached through
 * the proxies alone, since a client reaching it directly could write the hops itself.
 */
export function fastifyTrustProxy(
  trust: Env['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

function storefrontTargetVariables<T extends string>(name: T) {
  const id = z.string().min(1).max(100).optional();
  return {
    [`STOREFRONT_${name}_URL`]: optionalUrl,
    [`STOREFRONT_${name}_CLIENT_ID`]: id,
    [`STOREFRONT_${name}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`STOREFRONT_${name}_WEBDAV_USER`]: z.string().min(1).optional(),
    [`STOREFRONT_${name}_WEBDAV_KEY`]: z.string().min(1).optional(),
    [`STOREFRONT_${name}_CATALOG_ID`]: id,
    [`STOREFRONT_${name}_PRICEBOOK_ID`]: id,
    [`STOREFRONT_${name}_CURRENCY`]: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like USD')
      .default('USD'),
  } as unknown as Record<`STOREFRONT_${T}_${StorefrontSetting}`, z.ZodType<string | undefined>>;
}
type StorefrontSetting =
  | 'URL'
  | 'CLIENT_ID'
  | 'CLIENT_SECRET'
  | 'WEBDAV_USER'
  | 'WEBDAV_KEY'
  | 'CATALOG_ID'
  | 'PRICEBOOK_ID'
  | 'CURRENCY';

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; publicUrl: string };

export class EnvError extends Error {}

/**
 * PostgreSQL connections one server process holds: its share of DATABASE_POOL_SIZE, by default
 * twice the machine's cores (at least 4, at most 10) over all SERVER_PROCESSES. More connections
 * than the database's cores can run let every backend run at once: with 10 on two cores a search's
 * p99 reached 30–320 ms (a backend descheduled while it holds a lock others wait on), with 4 it
 * stayed under 9 ms at about the same requests per second (docs/decisions/017).
 */
export function databasePoolSize(
  env: Pick<Env, 'DATABASE_POOL_SIZE' | 'SERVER_PROCESSES'>,
  cores = os.availableParallelism(),
): number {
  if (env.DATABASE_POOL_SIZE) return Math.ceil(env.DATABASE_POOL_SIZE / env.SERVER_PROCESSES);
  const total = Math.min(10, Math.max(4, 2 * cores));
  return Math.max(2, Math.ceil(total / env.SERVER_PROCESSES));
}

/** Never echoed back in an error line (it may land in a shared terminal or a log). */
const SECRET_VARIABLES = new Set([
  'ADMIN_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
  'DATABASE_URL',
  'SECRETS_KEY',
  'BACKUP_PASSPHRASE',
  'SMTP_URL',
  'REDIS_URL',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
  'STOREFRONT_STAGING_CLIENT_SECRET',
  'STOREFRONT_STAGING_WEBDAV_KEY',
  'STOREFRONT_PRODUCTION_CLIENT_SECRET',
  'STOREFRONT_PRODUCTION_WEBDAV_KEY',
]);

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!; // a failed parse has at least one issue
    const name = String(issue.path[0] ?? 'environment');
    const shown = SECRET_VARIABLES.has(name) ? '' : ` (got "${String(cleaned[name] ?? '')}")`;
    throw new EnvError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD)
    throw new EnvError('Invalid configuration: ADMIN_PASSWORD must be set when ADMIN_EMAIL is set');
  // The first admin signs in through the same rule as everyone: a password it refuses would lock them out.
  if (env.ADMIN_PASSWORD && !passwordSchema().safeParse(env.ADMIN_PASSWORD).success) {
    throw new EnvError(`Invalid configuration: ADMIN_PASSWORD ${PASSWORD_RULE}`);
  }
  if (env.SERVER_PROCESSES > 1 && !env.DATABASE_URL)
    throw new EnvError(
      'Invalid configuration: SERVER_PROCESSES above 1 needs DATABASE_URL (the embedded database belongs to one process): set DATABASE_URL to a PostgreSQL database, or SERVER_PROCESSES to 1',
    );
  const oidc = [
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'OIDC_DISPLAY_NAME',
  ] as const;
  const oidcMissing = oidc.filter((name) => env[name] === undefined);
  if (oidcMissing.length > 0 && oidcMissing.length < oidc.length)
    throw new EnvError(
      `Invalid configuration: ${oidcMissing[0]} must be set when ${oidc.find((n) => !oidcMissing.includes(n))} is set (company sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_DISPLAY_NAME)`,
    );
  if (env.S3_BUCKET && !env.S3_ENDPOINT)
    throw new EnvError('Invalid configuration: S3_ENDPOINT must be set when S3_BUCKET is set');
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (
      env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`
    ).replace(/\/$/, ''),
  };
}

export function loadEnv(): Env {
  loadDotenv({ quiet: true });
  return parseEnv(process.env);
}
