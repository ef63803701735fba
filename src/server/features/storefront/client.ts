import fs from 'node:fs';
import type { Agent, RequestInit, Response } from 'undici';
import {
  checkOutboundUrl,
  pinnedLookup,
  refusalText,
  systemLookup,
  UnsafeUrlError,
  type Lookup,
} from '../../lib/outbound-address';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import type { ArchiveSettings } from './archive';

/* The target's configuration lives here, beside the calls that use it; targets.ts reads it from the environment. */
/** A target as the environment configures it (secrets included: never shown, never logged). */
export interface TargetConfig extends ArchiveSettings {
  name: StorefrontTargetName;
  /** The instance's base URL, without a trailing slash; null: the target is off. */
  url: string | null;
  clientId: string | null;
  clientSecret: string | null;
  webdavUser: string | null;
  webdavKey: string | null;
  oauthUrl: string;
  allowPrivate: boolean;
}

/** Resolves a host name to its addresses (the system's resolver; tests pass their own). */
export type { Lookup } from '../../lib/outbound-address';

/**
 * The calls to one Salesforce B2C Commerce instance: an OAuth token (client credentials, cached
 * until shortly before it expires), WebDAV PUT/DELETE of the archive under Impex/src/instance, and
 * the Data API's job start and execution read. Network errors, 5xx and 429 are retried here a few
 * times (429 after its Retry-After), then surface as `TransientError` for the job queue's back-off.
 * Secrets go only into Authorization headers; no error text carries them.
 */
export const API_VERSION = 'v25_6';
export const IMPORT_JOB = 'sfcc-site-archive-import';
const WEBDAV_ROOT = '/on/demandware.servlet/webdav/Sites';
/** A token is renewed this long before Account Manager says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Worth trying again later (network, 5xx, 429). Anything else is the instance refusing: reported on the patterns. */
export class TransientError extends Error {}
export class RefusedError extends Error {}
/** The instance does not know an execution the portal recorded (purged, or another instance): send again. */
export class ExecutionGoneError extends Error {}

const tokens = new Map<string, { token: string; expiresAt: number }>();
/** Tests count token requests; a new configuration must not reuse another's token. */
export const clearTokenCache = () => tokens.clear();

export interface Execution {
  id: string;
  finished: boolean;
  ok: boolean;
  message: string;
  /** The execution's log (`log_file_path`: its full WebDAV path, `/Sites/LOGS/…`), when it has one. */
  logPath?: string;
}

/** Error lines shown from a job log, at most. */
const LOG_LINES = 5;

/**
 * The error lines of a job log, as Salesforce's own CLI shows a failed job's log: lines at level
 * ERROR (or FATAL), without their time stamp, level and thread, at most LOG_LINES, each bounded.
 */
export function logErrors(log: string): string[] {
  const out: string[] = [];
  for (const line of log.split(/\r?\n/)) {
    const m = /^\s*(?:\[[^\]]*\]\s*)?(?:ERROR|FATAL)\b\s*(?:\S*\|\S*\s+)?(.*)$/.exec(line);
    if (!m || !m[1]!.trim()) continue;
    out.push(m[1]!.trim().slice(0, 300));
    if (out.length === LOG_LINES) break;
  }
  return out;
}

export interface ClientOptions {
  /** Tries per call before giving up to the queue's back-off. */
  tries?: number;
  /** Delay before the n-th retry when the server names none. */
  retryDelayMs?: (n: number) => number;
  /** How the address rule resolves host names (the system's resolver by default). */
  lookup?: Lookup;
}

export class StorefrontClient {
  private readonly tries: number;
  private readonly retryDelayMs: (n: number) => number;
  private readonly lookup?: Lookup;
  private readonly dispatcher: Promise<Agent>;
  constructor(
    private readonly t: TargetConfig,
    opts: ClientOptions = {},
  ) {
    this.tries = opts.tries ?? 3;
    this.retryDelayMs = opts.retryDelayMs ?? ((n) => 500 * 2 ** (n - 1));
    this.lookup = opts.lookup;
    this.dispatcher = pinnedAgent(t, opts.lookup);
  }

  /** https on a public address unless STOREFRONT_ALLOW_PRIVATE (the webhook URLs' rule), checked before each delivery. */
  async checkTarget(): Promise<void> {
    const problem = await addressProblem(this.t, this.lookup);
    if (problem) throw new RefusedError(problem.message);
  }

  private get cacheKey() {
    return `${this.t.oauthUrl}\n${this.t.clientId}`;
  }

  async token(): Promise<string> {
    const cached = tokens.get(this.cacheKey);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.t.clientId}:${this.t.clientSecret}`).toString('base64');
    const res = await this.send('token', this.t.oauthUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new RefusedError('Account Manager answered without an access token');
    tokens.set(this.cacheKey, {
      token: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 1799) * 1000,
    });
    return body.access_token;
  }

  private async auth(kind: 'api' | 'webdav'): Promise<string> {
    if (kind === 'webdav' && this.t.webdavUser && this.t.webdavKey)
      return `Basic ${Buffer.from(`${this.t.webdavUser}:${this.t.webdavKey}`).toString('base64')}`;
    return `Bearer ${await this.token()}`;
  }

  private archiveUrl(name: string) {
    return `${this.t.url}${WEBDAV_ROOT}/Impex/src/instance/${encodeURIComponent(name)}.zip`;
  }

  async putArchive(name: string, file: string): Promise<void> {
    await this.send('upload', this.archiveUrl(name), async () => ({
      method: 'PUT',
      headers: { authorization: await this.auth('webdav'), 'content-type': 'application/zip' },
      // Node's own Blob (the DOM lib's type says otherwise): undici sends its size as content-length.
      body: (await fs.openAsBlob(file)) as unknown as import('node:buffer').Blob,
    }));
  }

  async deleteArchive(name: string): Promise<void> {
    await this.send(
      'delete archive',
      this.archiveUrl(name),
      async () => ({
        method: 'DELETE',
        headers: { authorization: await this.auth('webdav') },
      }),
      [404],
    );
  }

  private jobsUrl(path = '') {
    return `${this.t.url}/s/-/dw/data/${API_VERSION}/jobs/${IMPORT_JOB}/executions${path}`;
  }

  async startImport(name: string): Promise<string> {
    const res = await this.send('start import', this.jobsUrl(), async () => ({
      method: 'POST',
      headers: { authorization: await this.auth('api'), 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: `${name}.zip` }),
    }));
    const body = (await res.json()) as { id?: string };
    if (!body.id) throw new RefusedError('The import job started without an execution id');
    return String(body.id);
  }

  async execution(id: string): Promise<Execution> {
    const res = await this.send(
      'read import',
      this.jobsUrl(`/${encodeURIComponent(id)}`),
      async () => ({
        method: 'GET',
        headers: { authorization: await this.auth('api') },
      }),
    );
    const body = (await res.json()) as {
      execution_status?: string;
      exit_status?: { code?: string; message?: string; status?: string };
      log_file_path?: string;
    };
    // data-api.json: execution_status ends at `finished` or `aborted`; exit_status.status says
    // ok or error (its `code` is OK or ERROR, or a step's own code).
    const finished = body.execution_status === 'finished' || body.execution_status === 'aborted';
    const exit = body.exit_status;
    const ok =
      body.execution_status === 'finished' &&
      (exit?.status ? exit.status === 'ok' : exit?.code === 'OK');
    const message =
      exit?.message && exit.message !== exit.code
        ? exit.message
        : body.execution_status === 'aborted'
          ? `the import job was aborted${exit?.code ? ` (${exit.code})` : ''}`
          : (exit?.code ?? body.execution_status ?? '');
    return {
      id,
      finished,
      ok,
      message,
      ...(body.log_file_path ? { logPath: body.log_file_path } : {}),
    };
  }

  /**
   * A job log's text over WebDAV (`log_file_path` is the full WebDAV path, under `/Sites`); at most
   * the first 1 MB. Tried once: a log that cannot be read leaves the exit status as the message.
   */
  async readLog(logPath: string): Promise<string> {
    if (!logPath.startsWith('/Sites/')) throw new RefusedError(`unexpected log path ${logPath}`);
    const url = `${this.t.url}${WEBDAV_ROOT}${logPath.slice('/Sites'.length).split('/').map(encodeURIComponent).join('/')}`;
    const res = await this.send('read import log', url, async () => ({
      method: 'GET',
      headers: { authorization: await this.auth('webdav') },
    }));
    const text = await res.text();
    return text.slice(0, 1024 * 1024);
  }

  /** One call with retries; `init` is rebuilt per try (a stream body or a renewed token). */
  private async send(
    what: string,
    url: string,
    init: RequestInit | (() => Promise<RequestInit>),
    okAlso: number[] = [],
  ): Promise<Response> {
    let last = '';
    let renewed = false;
    const webdavCall = what === 'upload' || what === 'delete archive' || what === 'read import log';
    const basicWebdav = webdavCall && !!(this.t.webdavUser && this.t.webdavKey);
    for (let n = 1; n <= this.tries; n++) {
      let res: Response;
      try {
        const { fetch } = await loadUndici();
        res = await fetch(url, {
          ...(typeof init === 'function' ? await init() : init),
          redirect: 'manual',
          signal: AbortSignal.timeout(what === 'upload' ? 600_000 : 60_000),
          dispatcher: await this.dispatcher,
        });
      } catch (err) {
        if (err instanceof RefusedError) throw err;
        // The connection's own address check (pinnedAgent) refused what the name resolves to now.
        if ((err as Error).cause instanceof RefusedError) throw (err as Error).cause as Error;
        last = `${what}: ${(err as Error).cause ? String((err as { cause: Error }).cause.message) : (err as Error).message}`;
        if (n < this.tries) await sleep(this.retryDelayMs(n));
        continue;
      }
      if (res.ok || okAlso.includes(res.status)) return res;
      const { type, message: detail } = await faultOf(res);
      const said = detail ? ` ${detail}` : '';
      const colon = detail ? `: ${detail}` : '';
      if (res.status === 401) {
        if (basicWebdav) throw new RefusedError(this.webdavRefused(what, colon));
        if (what === 'token')
          throw new RefusedError(
            `Account Manager refused the API client (HTTP 401)${colon}; check STOREFRONT_${this.env}_CLIENT_ID and _CLIENT_SECRET`,
          );
        // A token the instance no longer takes: renewed once; refused again, the client is not allowed.
        tokens.delete(this.cacheKey);
        if (!renewed) {
          renewed = true;
          n--;
          continue;
        }
        throw new RefusedError(
          `${what} refused the API client's token (HTTP 401)${colon}; check the client's ${webdavCall ? 'WebDAV' : 'OCAPI Data API'} permissions`,
        );
      }
      // Another import is running on the instance (a merchandiser's, say): later, not a failure.
      if (res.status === 429 || res.status >= 500 || type === 'JobAlreadyRunningException') {
        last = `${what}: HTTP ${res.status}${type ? ` ${type}` : ''}${said}`;
        if (n < this.tries) await sleep(retryAfterMs(res) ?? this.retryDelayMs(n));
        continue;
      }
      // An execution the instance no longer knows (its history purged): the caller sends again.
      if (res.status === 404 && what === 'read import' && type === 'JobExecutionNotFoundException')
        throw new ExecutionGoneError(`${what}: HTTP 404${type ? ` ${type}` : ''}${said}`);
      throw new RefusedError(
        `${what} refused (HTTP ${res.status}${type ? ` ${type}` : ''})${detail ? `: ${detail}` : ''}`,
      );
    }
    throw new TransientError(last);
  }

  private get env() {
    return this.t.name.toUpperCase();
  }

  private webdavRefused(what: string, colon: string) {
    return `${what} refused: WebDAV did not accept the user and access key (HTTP 401)${colon}; check STOREFRONT_${this.env}_WEBDAV_USER and _WEBDAV_KEY`;
  }
}

/**
 * The target's address rule, the portal's outbound rule (lib/outbound-address.ts): https, no user in the
 * URL, and every address the host resolves to public, unless STOREFRONT_ALLOW_PRIVATE. Answers the
 * variable at fault and why, or null. `unresolved`: a host name that does not resolve right now is
 * no verdict (start-up must not depend on DNS); it is checked again before each delivery.
 */
export async function addressProblem(
  t: Pick<TargetConfig, 'name' | 'url' | 'oauthUrl' | 'allowPrivate'>,
  lookup: Lookup = systemLookup,
  opts: { unresolvedIsFine?: boolean } = {},
): Promise<{ variable: string; reason: string; message: string } | null> {
  const checks = [
    { variable: `STOREFRONT_${t.name.toUpperCase()}_URL`, url: t.url },
    { variable: 'STOREFRONT_OAUTH_URL', url: t.oauthUrl },
  ];
  for (const { variable, url } of checks) {
    if (!url) continue;
    try {
      await checkOutboundUrl(url, t.allowPrivate, lookup);
    } catch (err) {
      if (!(err instanceof UnsafeUrlError)) throw err;
      if (err.refusal.kind === 'unresolved' && opts.unresolvedIsFine) continue;
      const reason = `${refusalText(err.refusal)}${
        t.allowPrivate
          ? ''
          : ' (STOREFRONT_ALLOW_PRIVATE=true allows http and private addresses, for tests and closed networks)'
      }`;
      return {
        variable,
        reason,
        message: `The ${t.name} storefront address is refused: ${variable}: ${reason}`,
      };
    }
  }
  return null;
}

/**
 * The connections' own resolver: every connection to an instance resolves its name here and is
 * refused unless each address it gets is public (STOREFRONT_ALLOW_PRIVATE aside). The check before
 * a delivery (`addressProblem`) says why on the screen; this one makes the address used the
 * address judged, so a name that changes its answer between the two (DNS rebinding) reaches
 * nothing private. One agent (and its kept-alive sockets) per rule, for the system's resolver.
 */
const agents = new Map<string, Promise<Agent>>();
function pinnedAgent(
  t: Pick<TargetConfig, 'name' | 'allowPrivate'>,
  lookup?: Lookup,
): Promise<Agent> {
  const { name, allowPrivate } = t;
  const key = `${name} ${allowPrivate}`;
  if (!lookup && agents.has(key)) return agents.get(key)!;
  const connectLookup = pinnedLookup(
    allowPrivate,
    lookup ?? systemLookup,
    (host, address) =>
      new RefusedError(
        `The ${name} storefront address is refused: ${host} now resolves to ${address}, a private, loopback, link-local or metadata address (STOREFRONT_ALLOW_PRIVATE=true allows private addresses, for tests and closed networks)`,
      ),
  );
  const agent = loadUndici().then(({ Agent }) => new Agent({ connect: { lookup: connectLookup } }));
  if (!lookup) agents.set(key, agent);
  return agent;
}

// undici is loaded at the first storefront call, not at start-up: it holds about 5 MB of heap that
// an idle server has no use for (docs/benchmarks.md, "Memory").
let loading: Promise<typeof import('undici')> | undefined;
const loadUndici = () => (loading ??= import('undici'));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as a date; at most five minutes. */
export function retryAfterMs(res: Response): number | null {
  const h = res.headers.get('retry-after');
  if (!h) return null;
  const secs = Number(h);
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(h) - Date.now();
  return Number.isFinite(ms) ? Math.min(300_000, Math.max(0, ms)) : null;
}

/**
 * The OCAPI fault's type and message (data-api.json's `fault`), or an OAuth error's
 * (`error`, `error_description`), else the first line of the body, bounded.
 */
async function faultOf(res: Response): Promise<{ type: string | null; message: string }> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      fault?: { type?: string; message?: string };
      error?: string;
      error_description?: string;
    };
    const type = body.fault?.type ?? body.error ?? null;
    const m = body.fault?.message ?? body.error_description;
    if (m || type) return { type, message: (m ?? '').slice(0, 300) };
  } catch {
    /* not JSON */
  }
  return { type: null, message: text.split('\n')[0]!.slice(0, 200) };
}
