import fs from 'node:fs';
import { checkWebhookUrl } from '../integrations';
import type { TargetConfig } from './targets';

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

const tokens = new Map<string, { token: string; expiresAt: number }>();
/** Tests count token requests; a new configuration must not reuse another's token. */
export const clearTokenCache = () => tokens.clear();

export interface Execution {
  id: string;
  finished: boolean;
  ok: boolean;
  message: string;
}

export interface ClientOptions {
  /** Tries per call before giving up to the queue's back-off. */
  tries?: number;
  /** Delay before the n-th retry when the server names none. */
  retryDelayMs?: (n: number) => number;
}

export class StorefrontClient {
  private readonly tries: number;
  private readonly retryDelayMs: (n: number) => number;
  constructor(
    private readonly t: TargetConfig,
    opts: ClientOptions = {},
  ) {
    this.tries = opts.tries ?? 3;
    this.retryDelayMs = opts.retryDelayMs ?? ((n) => 500 * 2 ** (n - 1));
  }

  /** https on a public address unless STOREFRONT_ALLOW_PRIVATE (as webhook URLs). */
  async checkTarget(): Promise<void> {
    for (const url of [this.t.url!, this.t.oauthUrl]) {
      try {
        await checkWebhookUrl(url, this.t.allowPrivate);
      } catch (err) {
        throw new RefusedError(
          `${this.t.name} storefront address refused: ${(err as Error).message}`,
        );
      }
    }
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
      body: await fs.openAsBlob(file),
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
    };
    const finished = body.execution_status === 'finished' || body.execution_status === 'aborted';
    const ok = finished && body.exit_status?.code === 'OK';
    return { id, finished, ok, message: body.exit_status?.message ?? body.execution_status ?? '' };
  }

  /** One call with retries; `init` is rebuilt per try (a stream body or a renewed token). */
  private async send(
    what: string,
    url: string,
    init: RequestInit | (() => Promise<RequestInit>),
    okAlso: number[] = [],
  ): Promise<Response> {
    let last = '';
    for (let n = 1; n <= this.tries; n++) {
      let res: Response;
      try {
        res = await fetch(url, {
          ...(typeof init === 'function' ? await init() : init),
          redirect: 'manual',
          signal: AbortSignal.timeout(what === 'upload' ? 600_000 : 60_000),
        });
      } catch (err) {
        if (err instanceof RefusedError) throw err;
        last = `${what}: ${(err as Error).cause ? String((err as { cause: Error }).cause.message) : (err as Error).message}`;
        if (n < this.tries) await sleep(this.retryDelayMs(n));
        continue;
      }
      if (res.ok || okAlso.includes(res.status)) return res;
      const detail = await faultText(res);
      if (res.status === 401 && what !== 'token') tokens.delete(this.cacheKey);
      if (res.status === 429 || res.status >= 500 || (res.status === 401 && what !== 'token')) {
        last = `${what}: HTTP ${res.status}${detail ? ` ${detail}` : ''}`;
        if (n < this.tries) await sleep(retryAfterMs(res) ?? this.retryDelayMs(n));
        continue;
      }
      throw new RefusedError(`${what} refused (HTTP ${res.status})${detail ? `: ${detail}` : ''}`);
    }
    throw new TransientError(last);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as a date; at most five minutes. */
export function retryAfterMs(res: Response): number | null {
  const h = res.headers.get('retry-after');
  if (!h) return null;
  const secs = Number(h);
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(h) - Date.now();
  return Number.isFinite(ms) ? Math.min(300_000, Math.max(0, ms)) : null;
}

/** The OCAPI fault's message, else the first line of the body, bounded. */
async function faultText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { fault?: { message?: string }; error_description?: string };
    const m = body.fault?.message ?? body.error_description;
    if (m) return m.slice(0, 300);
  } catch {
    /* not JSON */
  }
  return text.split('\n')[0]!.slice(0, 200);
}
