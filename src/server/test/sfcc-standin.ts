import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import yauzl from 'yauzl';
import { v2 as webdav } from 'webdav-server';
import { validateXml } from './sfcc-schemas';

/**
 * A local stand-in for a Salesforce B2C Commerce instance and Account Manager, for tests:
 * - a real WebDAV server (webdav-server) at /on/demandware.servlet/webdav/Sites, files on disk;
 * - the client-credentials token endpoint (/dwsso/oauth2/access_token, HTTP Basic);
 * - the Data API's two job calls (../shared/sfcc/data-api.json): POST and GET
 *   /s/-/dw/data/v25_6/jobs/sfcc-site-archive-import/executions[/{id}]; anything else is refused
 *   with an OCAPI fault, as Salesforce would.
 * Its import job unzips the archive from Impex/src/instance and validates each XML file against
 * Salesforce's schemas with xmllint, finishing OK, or ERROR with the validator's message.
 */
export interface StandinImport {
  id: string;
  fileName: string;
  status: 'running' | 'finished';
  code: 'OK' | 'ERROR' | null;
  message: string;
  /** Every <product> of the catalog: id and what it asked (whole product, offline, delete). */
  products: { id: string; mode: 'upsert' | 'offline' | 'delete' }[];
  entries: string[];
  /** The text of each catalog.xml it imported (a test reads what a product carried). */
  catalogs: string[];
}

export interface Standin {
  url: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /** Access tokens its Account Manager issued. */
  tokens: Set<string>;
  imports: StandinImport[];
  tokenRequests: number;
  /** Paths of archives uploaded (PUT) and deleted (DELETE), in order. */
  puts: string[];
  deletes: string[];
  /** 'reset': connections cut; number: that HTTP status; null: up. */
  down: 'reset' | number | null;
  /** The next import jobs end in ERROR with this message (each failure takes one). */
  failImports: string[];
  /** How long an import job runs before it finishes. */
  importMs: number;
  env(prefix: 'STAGING' | 'PRODUCTION'): Record<string, string>;
  close(): Promise<void>;
}

const ROOT = '/on/demandware.servlet/webdav/Sites';
const JOBS = '/s/-/dw/data/v25_6/jobs/sfcc-site-archive-import/executions';

function fault(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ _v: '25.6', fault: { type, message } }));
}

async function body(req: http.IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

/** `accounts`: another stand-in whose Account Manager (client and tokens) this one trusts, as two instances share one. */
export async function startStandin(schemasDir: string, accounts?: Standin): Promise<Standin> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sfcc-standin-'));
  fs.mkdirSync(path.join(dir, 'Impex', 'src', 'instance'), { recursive: true });
  const dav = new webdav.WebDAVServer({ rootFileSystem: new webdav.PhysicalFileSystem(dir) });
  const clientId = accounts?.clientId ?? `client-${crypto.randomBytes(4).toString('hex')}`;
  const clientSecret = accounts?.clientSecret ?? crypto.randomBytes(12).toString('hex');
  const tokens = accounts?.tokens ?? new Set<string>();
  const s = {
    imports: [] as StandinImport[],
    tokenRequests: 0,
    puts: [] as string[],
    deletes: [] as string[],
    down: null as Standin['down'],
    failImports: [] as string[],
    importMs: 50,
  };
  const bearer = (req: http.IncomingMessage) =>
    tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));

  const server = http.createServer((req, res) => {
    void (async () => {
      if (s.down === 'reset') return req.socket.destroy();
      if (typeof s.down === 'number')
        return fault(res, s.down, 'ServiceUnavailable', 'down for a while');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/dwsso/oauth2/access_token' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}`)
          return fault(res, 401, 'invalid_client', 'Client authentication failed');
        if (form.get('grant_type') !== 'client_credentials')
          return fault(res, 400, 'unsupported_grant_type', 'grant_type must be client_credentials');
        s.tokenRequests++;
        const token = crypto.randomBytes(16).toString('hex');
        tokens.add(token);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 1799 }),
        );
      }
      if (url.pathname.startsWith(ROOT + '/')) {
        if (!bearer(req)) return fault(res, 401, 'Unauthorized', 'WebDAV needs a valid token');
        const rel = decodeURIComponent(url.pathname.slice(ROOT.length));
        if (req.method === 'PUT' || req.method === 'DELETE') {
          if (!rel.startsWith('/Impex/'))
            return fault(res, 403, 'Forbidden', 'only Impex is writable');
          (req.method === 'PUT' ? s.puts : s.deletes).push(rel);
        }
        delete req.headers.authorization; // checked above; webdav-server would ask for HTTP Digest
        req.url = req.url!.slice(ROOT.length); // webdav-server serves the folder at its own root
        return dav.executeRequest(req, res);
      }
      if (url.pathname === JOBS && req.method === 'POST') {
        if (!bearer(req)) return fault(res, 401, 'InvalidAccessTokenException', 'invalid token');
        let parsed: { file_name?: unknown; parameters?: { name: string; value: string }[] };
        try {
          parsed = JSON.parse(await body(req)) as typeof parsed;
        } catch {
          return fault(res, 400, 'MalformedDocumentException', 'body is not JSON');
        }
        const fileName =
          typeof parsed.file_name === 'string'
            ? parsed.file_name
            : parsed.parameters?.find((p) => p.name === 'ImportFile')?.value;
        if (!fileName) return fault(res, 400, 'JobExecutionException', 'file_name is required');
        const imp: StandinImport = {
          id: String(s.imports.length + 1),
          fileName,
          status: 'running',
          code: null,
          message: '',
          products: [],
          entries: [],
          catalogs: [],
        };
        s.imports.push(imp);
        setTimeout(() => void runImport(dir, schemasDir, imp, s.failImports.shift()), s.importMs);
        res.writeHead(202, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(execution(imp)));
      }
      const m = url.pathname.startsWith(JOBS + '/') && url.pathname.slice(JOBS.length + 1);
      if (m && req.method === 'GET') {
        if (!bearer(req)) return fault(res, 401, 'InvalidAccessTokenException', 'invalid token');
        const imp = s.imports.find((i) => i.id === m);
        if (!imp) return fault(res, 404, 'JobExecutionNotFoundException', `no execution ${m}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(execution(imp)));
      }
      return fault(
        res,
        404,
        'ResourcePathNotFoundException',
        `Unknown resource path ${url.pathname}`,
      );
    })().catch((err: unknown) => fault(res, 500, 'InternalServerError', String(err)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(s, {
    url,
    oauthUrl: `${accounts?.url ?? url}/dwsso/oauth2/access_token`,
    clientId,
    clientSecret,
    tokens,
    env: (p: 'STAGING' | 'PRODUCTION') => ({
      [`STOREFRONT_${p}_URL`]: url,
      [`STOREFRONT_${p}_CLIENT_ID`]: clientId,
      [`STOREFRONT_${p}_CLIENT_SECRET`]: clientSecret,
      [`STOREFRONT_${p}_CATALOG_ID`]: 'ppp-catalog',
      [`STOREFRONT_${p}_PRICEBOOK_ID`]: 'ppp-usd',
      STOREFRONT_OAUTH_URL: `${accounts?.url ?? url}/dwsso/oauth2/access_token`,
      STOREFRONT_ALLOW_PRIVATE: 'true',
    }),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}

function execution(i: StandinImport) {
  return {
    _v: '25.6',
    _type: 'job_execution',
    id: i.id,
    job_id: 'sfcc-site-archive-import',
    execution_status: i.status,
    ...(i.code
      ? {
          exit_status: {
            code: i.code,
            message: i.message,
            status: i.code === 'OK' ? 'ok' : 'error',
          },
        }
      : {}),
  };
}

async function runImport(dir: string, schemas: string, imp: StandinImport, forcedError?: string) {
  const finish = (code: 'OK' | 'ERROR', message: string) =>
    Object.assign(imp, { status: 'finished', code, message });
  try {
    const zip = path.join(dir, 'Impex', 'src', 'instance', imp.fileName);
    if (!fs.existsSync(zip))
      return finish('ERROR', `File ${imp.fileName} not found in Impex/src/instance`);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sfcc-import-'));
    try {
      imp.entries = await unzip(zip, out);
      const name = imp.fileName.replace(/\.zip$/, '');
      for (const entry of imp.entries) {
        if (!entry.startsWith(`${name}/`))
          return finish('ERROR', `Unexpected entry ${entry} outside ${name}/`);
        if (!entry.endsWith('.xml')) continue;
        const schema = /\/catalogs\/[^/]+\/catalog\.xml$/.test(entry)
          ? 'catalog.xsd'
          : /\/pricebooks\/[^/]+\.xml$/.test(entry)
            ? 'pricebook.xsd'
            : null;
        if (!schema) return finish('ERROR', `Unknown import file ${entry}`);
        const problem = await validateXml(schemas, schema, path.join(out, entry));
        if (problem) return finish('ERROR', problem.split('\n')[0]!);
        if (schema === 'catalog.xsd') {
          const xml = fs.readFileSync(path.join(out, entry), 'utf8');
          imp.catalogs.push(xml);
          imp.products.push(...catalogProducts(xml));
        }
      }
      if (!imp.entries.some((e) => e.endsWith('/catalog.xml')))
        return finish('ERROR', 'No catalog in the archive');
      if (forcedError) return finish('ERROR', forcedError);
      finish('OK', 'OK');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  } catch (err) {
    finish('ERROR', (err as Error).message);
  }
}

function catalogProducts(xml: string): StandinImport['products'] {
  const out: StandinImport['products'] = [];
  for (const m of xml.matchAll(
    /<product product-id="([^"]+)"( mode="delete")?(\/>|>(<online-flag>false<\/online-flag><\/product>)?)/g,
  ))
    out.push({ id: m[1]!, mode: m[2] ? 'delete' : m[4] ? 'offline' : 'upsert' });
  return out;
}

function unzip(file: string, to: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const names: string[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(names));
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        const dest = path.join(to, e.fileName);
        if (!dest.startsWith(to + path.sep)) return reject(new Error(`unsafe path ${e.fileName}`));
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        zip.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return reject(err2 ?? new Error('unreadable entry'));
          stream.pipe(fs.createWriteStream(dest)).on('finish', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}
