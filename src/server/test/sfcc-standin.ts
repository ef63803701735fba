import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import yauzl from 'yauzl';
import { v2 as webdav } from 'webdav-server';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateXml } from './sfcc-schemas';

/**
 * A local stand-in for a Salesforce B2C Commerce instance and Account Manager, for tests:
 * - a real WebDAV server (webdav-server) at /on/demandware.servlet/webdav/Sites, files on disk,
 *   taking an Account Manager token (Bearer) or a Business Manager user's WebDAV access key (Basic);
 * - the client-credentials token endpoint (/dwsso/oauth2/access_token, HTTP Basic; OAuth errors);
 * - the Data API's two job calls, routed by ../shared/sfcc/data-api.json itself: a request is
 *   matched to the description's paths and methods, its path parameters, token and content type
 *   checked as described; each answer is checked against the `job_execution` schema. A call the
 *   description does not have answers an OCAPI fault, as Salesforce would; anything off the
 *   description (or a described call the stand-in does not serve) is written to `violations`.
 * Its import job unzips the archive from Impex/src/instance, validates each XML file against
 * Salesforce's schemas with xmllint, and keeps the catalog and price book the way an instance's
 * MERGE import does (`catalog`, below), finishing OK, or ERROR with the validator's message and a
 * job log at the execution's `log_file_path`, served over WebDAV as an instance does.
 * Without the schemas (`schemasDir` null: SFCC_SCHEMAS unset) it still runs every call and keeps
 * the catalog: the two job calls are routed by their known paths, the files are checked for
 * well-formed XML only, and nothing is checked against the description.
 */
/** One product as the instance keeps it after the imports so far. */
export interface StandinProduct {
  online: boolean;
  searchable: boolean | null;
  name: string | null;
  /** The master's variant product ids (replaced by each import that names them, merge-mode aside). */
  variants: string[];
  /** Image paths by view type. */
  images: Record<string, string[]>;
  custom: Record<string, string>;
}

/**
 * The catalog and price book as a MERGE site import keeps them: products merged by id (only the
 * elements sent change), `mode="delete"` removes, the variant list replaced (merge-mode `replace`
 * by default in catalog.xsd), image groups merged by view type unless `merge-mode="replace"` (and
 * within a merged group, images added to those there), `online-flag` kept unless sent (a product
 * created without one is offline); price tables set per product, `mode="delete"` removes.
 */
export interface StandinCatalog {
  products: Map<string, StandinProduct>;
  /** Price per product id, as its text in the price book. */
  prices: Map<string, string>;
  /** Category ids per product id. */
  categories: Map<string, Set<string>>;
  /** Image files imported under static/default: path → bytes. */
  files: Map<string, Buffer>;
}
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
  /** The text of each price book it imported. */
  pricebooks: string[];
  /** WebDAV path of the job's log (`/Sites/LOGS/…`), once it finished. */
  logPath: string | null;
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
  /** A Business Manager user and WebDAV access key the WebDAV server takes (HTTP Basic), beside tokens. */
  webdavUser: string;
  webdavKey: string;
  /** How each WebDAV request authenticated: 'basic' (the user's key), 'bearer' (a token), or 'refused'. */
  webdavAuth: ('basic' | 'bearer' | 'refused')[];
  /** Data API calls, by the description's operationId. */
  calls: { operationId: string; method: string; path: string }[];
  /** What a request or an answer did not follow in data-api.json (tests expect none). */
  violations: string[];
  /** The next job starts answer 400 JobAlreadyRunningException (another import runs). */
  busy: number;
  /** Forgets every execution so far, as an instance that purged its job history. */
  forgetExecutions(): void;
  /** Every request it received, answered or not. */
  requests: number;
  /** 'reset': connections cut; number: that HTTP status; null: up. */
  down: 'reset' | number | null;
  /** The next import jobs end in ERROR with this message (each failure takes one). */
  failImports: string[];
  /** What the instance holds after the imports so far. */
  catalog: StandinCatalog;
  /** Whether the products and variants are online now (`null`: the instance does not have it). */
  online(id: string): boolean | null;
  /** Archives left in Impex/src/instance. */
  archivesLeft(): string[];
  /** How long an import job runs before it finishes. */
  importMs: number;
  env(prefix: 'STAGING' | 'PRODUCTION'): Record<string, string>;
  close(): Promise<void>;
}

const ROOT = '/on/demandware.servlet/webdav/Sites';
const DATA = '/s/-/dw/data/v25_6';

function fault(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ _v: '25.6', fault: { type, message } }));
}

function oauthError(res: http.ServerResponse, status: number, error: string, description: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error, error_description: description }));
}

type Schema = {
  $ref?: string;
  type?: string;
  enum?: string[];
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
};
interface Operation {
  operationId: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
}

/**
 * data-api.json as a router and a checker: which described operation a method and path are (with
 * its path parameters checked against their schemas), and whether an answer follows the
 * operation's response schema (known properties, types and enums, through $refs).
 */
function loadDescription(schemasDir: string) {
  const doc = JSON.parse(fs.readFileSync(path.join(schemasDir, 'data-api.json'), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    re: new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]*)')}$`),
  }));
  const deref = (x: Schema): Schema =>
    x.$ref ? deref(doc.components.schemas[x.$ref.replace('#/components/schemas/', '')]!) : x;
  const check = (schema: Schema, value: unknown, at: string, out: string[]) => {
    const sc = deref(schema);
    if (sc.enum && !sc.enum.includes(value as string))
      out.push(`${at}: ${JSON.stringify(value)} is not one of ${sc.enum.join(', ')}`);
    if (sc.type === 'string' && typeof value !== 'string') out.push(`${at}: not a string`);
    if (sc.type === 'boolean' && typeof value !== 'boolean') out.push(`${at}: not a boolean`);
    if (sc.type === 'integer' && !Number.isInteger(value)) out.push(`${at}: not an integer`);
    if (sc.type === 'array')
      if (!Array.isArray(value)) out.push(`${at}: not an array`);
      else value.forEach((v, i) => check(sc.items ?? {}, v, `${at}[${i}]`, out));
    if (sc.properties && value && typeof value === 'object' && !Array.isArray(value))
      for (const [k, v] of Object.entries(value)) {
        if (k === '_v' || k === '_type') continue; // OCAPI's document envelope
        if (!sc.properties[k]) out.push(`${at}.${k}: not described`);
        else check(sc.properties[k], v, `${at}.${k}`, out);
      }
  };
  return {
    route(
      method: string,
      p: string,
    ):
      | { fault: { status: number; type: string; message: string } }
      | {
          fault?: undefined;
          operationId: string;
          params: Record<string, string>;
          security: boolean;
          bodyTypes: string[] | null;
        } {
      const hit = templates
        .map((t) => ({ t, m: t.re.exec(p) }))
        .find((x) => x.m && !x.m.slice(1).some((seg) => seg === ''));
      if (!hit)
        return {
          fault: {
            status: 404,
            type: 'ResourcePathNotFoundException',
            message: `Unknown resource path ${p}`,
          },
        };
      const op = doc.paths[hit.t.template]![method.toLowerCase()];
      if (!op)
        return {
          fault: {
            status: 405,
            type: 'MethodNotAllowedException',
            message: `${method} is not allowed on ${hit.t.template}`,
          },
        };
      const params = Object.fromEntries(
        hit.t.names.map((n, i) => [n, decodeURIComponent(hit.m![i + 1]!)]),
      );
      for (const prm of op.parameters ?? []) {
        const v = params[prm.name];
        if (prm.in !== 'path' || v === undefined) continue;
        const min = prm.schema ? deref(prm.schema).minLength : undefined;
        if (min && v.length < min)
          return {
            fault: {
              status: 400,
              type: 'InvalidParameterException',
              message: `${prm.name} is shorter than ${min}`,
            },
          };
      }
      return {
        operationId: op.operationId,
        params,
        security: !!op.security?.length,
        bodyTypes: op.requestBody ? Object.keys(op.requestBody.content) : null,
      };
    },
    checkAnswer(operationId: string, status: number, body: unknown): string[] {
      const op = Object.values(doc.paths)
        .flatMap((ops) => Object.values(ops))
        .find((o) => o.operationId === operationId)!;
      const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
      if (!schema) return [`${operationId}: no ${status} answer described`];
      const out: string[] = [];
      check(schema, body, operationId, out);
      return out;
    },
  };
}

async function body(req: http.IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

/** `accounts`: another stand-in whose Account Manager (client and tokens) this one trusts, as two instances share one. */
export async function startStandin(
  schemasDir: string | null,
  accounts?: Standin,
): Promise<Standin> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sfcc-standin-'));
  fs.mkdirSync(path.join(dir, 'Impex', 'src', 'instance'), { recursive: true });
  const dav = new webdav.WebDAVServer({ rootFileSystem: new webdav.PhysicalFileSystem(dir) });
  const clientId = accounts?.clientId ?? `client-${crypto.randomBytes(4).toString('hex')}`;
  const clientSecret = accounts?.clientSecret ?? crypto.randomBytes(12).toString('hex');
  const tokens = accounts?.tokens ?? new Set<string>();
  const api = schemasDir ? loadDescription(schemasDir) : knownCalls();
  let executions = 0;
  const s = {
    imports: [] as StandinImport[],
    tokenRequests: 0,
    puts: [] as string[],
    deletes: [] as string[],
    webdavUser: `bm-user-${crypto.randomBytes(3).toString('hex')}@example.com`,
    webdavKey: crypto.randomBytes(16).toString('hex'),
    webdavAuth: [] as Standin['webdavAuth'],
    calls: [] as Standin['calls'],
    violations: [] as string[],
    busy: 0,
    requests: 0,
    down: null as Standin['down'],
    failImports: [] as string[],
    importMs: 50,
    catalog: {
      products: new Map(),
      prices: new Map(),
      categories: new Map(),
      files: new Map(),
    } as StandinCatalog,
    online(id: string) {
      return s.catalog.products.get(id)?.online ?? null;
    },
    archivesLeft() {
      return fs.readdirSync(path.join(dir, 'Impex', 'src', 'instance'));
    },
    forgetExecutions() {
      s.imports.length = 0;
    },
  };
  const bearer = (req: http.IncomingMessage) => {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && tokens.has(h.slice('Bearer '.length));
  };
  /** WebDAV takes a token, or a Business Manager user's login and WebDAV access key. */
  const webdavAuth = (req: http.IncomingMessage) => {
    if (bearer(req)) return 'bearer';
    const basic = Buffer.from(`${s.webdavUser}:${s.webdavKey}`).toString('base64');
    return req.headers.authorization === `Basic ${basic}` ? 'basic' : 'refused';
  };
  const answer = (res: http.ServerResponse, operationId: string, body: object) => {
    for (const v of api.checkAnswer(operationId, 200, body)) s.violations.push(v);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      s.requests++;
      if (s.down === 'reset') return req.socket.destroy();
      if (typeof s.down === 'number')
        return fault(res, s.down, 'ServiceUnavailable', 'down for a while');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/dwsso/oauth2/access_token' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
        // Account Manager answers OAuth 2.0 errors (RFC 6749 5.2), not OCAPI faults.
        if (req.headers.authorization !== `Basic ${basic}`)
          return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
        if (form.get('grant_type') !== 'client_credentials')
          return oauthError(res, 400, 'unsupported_grant_type', 'Unsupported grant type');
        s.tokenRequests++;
        const token = crypto.randomBytes(16).toString('hex');
        tokens.add(token);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 1799 }),
        );
      }
      if (url.pathname.startsWith(ROOT + '/')) {
        const how = webdavAuth(req);
        s.webdavAuth.push(how);
        if (how === 'refused') {
          res.writeHead(401, { 'www-authenticate': 'Basic realm="Sites"' });
          return res.end('Unauthorized');
        }
        const rel = decodeURIComponent(url.pathname.slice(ROOT.length));
        if (req.method === 'PUT' || req.method === 'DELETE') {
          if (!rel.startsWith('/Impex/'))
            return fault(res, 403, 'Forbidden', 'only Impex is writable');
          (req.method === 'PUT' ? s.puts : s.deletes).push(rel);
        }
        delete req.headers.authorization; // checked above; webdav-server would ask for its own login
        req.url = req.url!.slice(ROOT.length); // webdav-server serves the folder at its own root
        return dav.executeRequest(req, res);
      }
      if (url.pathname.startsWith(DATA + '/')) {
        const op = api.route(req.method ?? 'GET', url.pathname.slice(DATA.length));
        if (op.fault) {
          s.violations.push(`${req.method} ${url.pathname}: ${op.fault.message}`);
          return fault(res, op.fault.status, op.fault.type, op.fault.message);
        }
        s.calls.push({ operationId: op.operationId, method: req.method!, path: url.pathname });
        if (op.security && !bearer(req)) {
          s.violations.push(`${op.operationId} without a valid token`);
          return fault(res, 401, 'InvalidAccessTokenException', 'invalid token');
        }
        const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
        if (op.bodyTypes && !op.bodyTypes.includes(type)) {
          s.violations.push(`${op.operationId} with content type "${type}"`);
          return fault(
            res,
            415,
            'UnsupportedMediaTypeException',
            `Unsupported content type ${type}`,
          );
        }
        if (op.params.job_id !== 'sfcc-site-archive-import') {
          s.violations.push(`${op.operationId} for job ${op.params.job_id}`);
          return fault(res, 404, 'JobNotFoundException', `No job ${op.params.job_id}`);
        }
        if (op.operationId === 'postJobsByIDExecutions') {
          if (s.busy > 0) {
            s.busy--;
            return fault(res, 400, 'JobAlreadyRunningException', 'The job is already running');
          }
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
            id: String(++executions),
            fileName,
            status: 'running',
            code: null,
            message: '',
            products: [],
            entries: [],
            catalogs: [],
            pricebooks: [],
            logPath: null,
          };
          s.imports.push(imp);
          setTimeout(
            () => void runImport(dir, schemasDir, imp, s.catalog, s.failImports.shift()),
            s.importMs,
          );
          return answer(res, op.operationId, execution(imp));
        }
        if (op.operationId === 'getJobsByIDExecutionsByID') {
          const imp = s.imports.find((i) => i.id === op.params.id);
          if (!imp)
            return fault(
              res,
              404,
              'JobExecutionNotFoundException',
              `No job execution ${op.params.id}`,
            );
          return answer(res, op.operationId, execution(imp));
        }
        s.violations.push(`${op.operationId}: described, not served by the stand-in`);
        return fault(res, 501, 'NotImplemented', `${op.operationId} is not served by the stand-in`);
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

/** The two job calls by their known paths, when data-api.json is not at hand (SFCC_SCHEMAS unset). */
function knownCalls(): ReturnType<typeof loadDescription> {
  return {
    route(method, p) {
      const m = /^\/jobs\/([^/]+)\/executions(?:\/([^/]+))?$/.exec(p);
      if (!m)
        return {
          fault: {
            status: 404,
            type: 'ResourcePathNotFoundException',
            message: `Unknown resource path ${p}`,
          },
        };
      const get = m[2] !== undefined;
      if (method !== (get ? 'GET' : 'POST'))
        return {
          fault: {
            status: 405,
            type: 'MethodNotAllowedException',
            message: `${method} not allowed`,
          },
        };
      return {
        operationId: get ? 'getJobsByIDExecutionsByID' : 'postJobsByIDExecutions',
        params: { job_id: decodeURIComponent(m[1]!), ...(get ? { id: m[2]! } : {}) },
        security: true,
        bodyTypes: get ? null : ['application/json'],
      };
    },
    checkAnswer: () => [],
  };
}

function execution(i: StandinImport) {
  return {
    _v: '25.6',
    _type: 'job_execution',
    id: i.id,
    job_id: 'sfcc-site-archive-import',
    execution_status: i.status,
    ...(i.logPath ? { is_log_file_existing: true, log_file_path: i.logPath } : {}),
    ...(i.code
      ? {
          exit_status: {
            code: i.code,
            message: i.code,
            status: i.code === 'OK' ? 'ok' : 'error',
          },
        }
      : {}),
  };
}

async function runImport(
  dir: string,
  schemas: string | null,
  imp: StandinImport,
  catalog: StandinCatalog,
  forcedError?: string,
) {
  const log: string[] = [];
  const at = () => `[${new Date().toISOString().replace('T', ' ').replace('Z', '')} GMT]`;
  log.push(
    `${at()} INFO  SystemJobThread|sfcc-site-archive-import Import of ${imp.fileName} started`,
  );
  // As an instance: exit_status carries the code only; the reason is in the job's log.
  const finish = (code: 'OK' | 'ERROR', message: string) => {
    if (code === 'ERROR')
      log.push(`${at()} ERROR SystemJobThread|sfcc-site-archive-import ${message}`);
    log.push(
      `${at()} INFO  SystemJobThread|sfcc-site-archive-import Job finished with status ${code}`,
    );
    const rel = `LOGS/jobs/sfcc-site-archive-import/Job-sfcc-site-archive-import-${imp.id}.log`;
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), log.join('\n') + '\n');
    Object.assign(imp, { status: 'finished', code, message, logPath: `/Sites/${rel}` });
  };
  try {
    const zip = path.join(dir, 'Impex', 'src', 'instance', imp.fileName);
    if (!fs.existsSync(zip))
      return finish('ERROR', `File ${imp.fileName} not found in Impex/src/instance`);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sfcc-import-'));
    try {
      imp.entries = await unzip(zip, out);
      const name = imp.fileName.replace(/\.zip$/, '');
      const catalogs: string[] = [];
      const pricebooks: string[] = [];
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
        const xml = fs.readFileSync(path.join(out, entry), 'utf8');
        const wellFormed = XMLValidator.validate(xml);
        if (wellFormed !== true)
          return finish('ERROR', `${entry}: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
        const problem = schemas ? await validateXml(schemas, schema, path.join(out, entry)) : null;
        if (problem) return finish('ERROR', problem.split('\n')[0]!);
        (schema === 'catalog.xsd' ? catalogs : pricebooks).push(xml);
      }
      if (!catalogs.length) return finish('ERROR', 'No catalog in the archive');
      imp.catalogs.push(...catalogs);
      imp.pricebooks.push(...pricebooks);
      for (const xml of catalogs) imp.products.push(...catalogProducts(xml));
      if (forcedError) return finish('ERROR', forcedError);
      for (const xml of catalogs) mergeCatalog(catalog, xml);
      for (const xml of pricebooks) mergePricebook(catalog, xml);
      for (const entry of imp.entries) {
        const m = /\/catalogs\/[^/]+\/static\/default\/(.+)$/.exec(entry);
        if (m && !entry.endsWith('/'))
          catalog.files.set(m[1]!, fs.readFileSync(path.join(out, entry)));
      }
      finish('OK', 'OK');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  } catch (err) {
    finish('ERROR', (err as Error).message);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) =>
    [
      'product',
      'image-group',
      'image',
      'variant',
      'custom-attribute',
      'category-assignment',
      'price-table',
      'pricebook',
      'display-name',
    ].includes(name),
});
type Node = Record<string, unknown>;
const list = (x: unknown): Node[] => (Array.isArray(x) ? (x as Node[]) : x ? [x as Node] : []);
const text = (x: unknown): string | null =>
  x === undefined || x === null
    ? null
    : typeof x === 'object'
      ? String((x as Node)['#text'] ?? '')
      : String(x);

function catalogProducts(xml: string): StandinImport['products'] {
  const doc = parser.parse(xml) as { catalog?: Node };
  return list(doc.catalog?.product).map((p) => ({
    id: String(p['@product-id']),
    mode:
      p['@mode'] === 'delete'
        ? 'delete'
        : Object.keys(p)
              .filter((k) => !k.startsWith('@'))
              .join() === 'online-flag' && text(p['online-flag']) === 'false'
          ? 'offline'
          : 'upsert',
  }));
}

/** A catalog.xml applied as a MERGE import does (StandinCatalog). */
function mergeCatalog(c: StandinCatalog, xml: string) {
  const doc = parser.parse(xml) as { catalog?: Node };
  for (const p of list(doc.catalog?.product)) {
    const id = String(p['@product-id']);
    if (p['@mode'] === 'delete') {
      c.products.delete(id);
      c.categories.delete(id);
      continue;
    }
    const cur: StandinProduct = c.products.get(id) ?? {
      online: false,
      searchable: null,
      name: null,
      variants: [],
      images: {},
      custom: {},
    };
    if (p['online-flag'] !== undefined) cur.online = text(p['online-flag']) === 'true';
    if (p['searchable-flag'] !== undefined) cur.searchable = text(p['searchable-flag']) === 'true';
    if (p['display-name'] !== undefined) cur.name = text(list(p['display-name'])[0]);
    const images = p.images as Node | undefined;
    if (images !== undefined) {
      const groups = list(images['image-group']);
      if (images['@merge-mode'] === 'replace') cur.images = {};
      for (const g of groups) {
        const paths = list(g.image).map((i) => String(i['@path']));
        const view = String(g['@view-type']);
        cur.images[view] =
          images['@merge-mode'] === 'replace'
            ? paths
            : [...new Set([...(cur.images[view] ?? []), ...paths])];
      }
    }
    const custom = p['custom-attributes'] as Node | undefined;
    for (const a of list(custom?.['custom-attribute']))
      cur.custom[String(a['@attribute-id'])] = text(a) ?? '';
    const variants = (p.variations as Node | undefined)?.variants as Node | undefined;
    if (variants !== undefined) {
      const ids = list(variants.variant).map((v) => String(v['@product-id']));
      cur.variants =
        variants['@merge-mode'] === 'merge' ? [...new Set([...cur.variants, ...ids])] : ids;
    }
    c.products.set(id, cur);
  }
  for (const a of list(doc.catalog?.['category-assignment'])) {
    const id = String(a['@product-id']);
    const set = c.categories.get(id) ?? new Set<string>();
    if (a['@mode'] === 'delete') set.delete(String(a['@category-id']));
    else set.add(String(a['@category-id']));
    c.categories.set(id, set);
  }
}

function mergePricebook(c: StandinCatalog, xml: string) {
  const doc = parser.parse(xml) as { pricebooks?: Node };
  for (const book of list(doc.pricebooks?.pricebook))
    for (const t of list((book['price-tables'] as Node | undefined)?.['price-table'])) {
      const id = String(t['@product-id']);
      if (t['@mode'] === 'delete') c.prices.delete(id);
      else {
        const amount = list(t.amount)[0];
        if (amount) c.prices.set(id, text(amount) ?? '');
      }
    }
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
