// The Directus peer of docs/benchmarks.md for bench-list.mjs and bench-import.mjs (a helper, not itself a benchmark:
// bench.mjs runs only bench-*.mjs). Nothing of Directus is a dependency of the portal: the peer runs
// from its own folder, and this file talks to it over its REST API (and to its SQLite file, with the
// peer's own sqlite3 module, for what the API cannot do: composite indexes).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getJson } from '../portal-process.mjs';
import { patternRow } from './seed-patterns.mjs';

const FIELDS = [
  ['SFCC_Pattern_ID', 'string'],
  ['Pattern_Name', 'string'],
  ['brand_id', 'integer'],
  ['Type', 'string'],
  ['Gender', 'string'],
  ['Price', 'decimal'],
  ['Fabric_type', 'string'],
  ['Is_Printable', 'string'],
  ['SFCC_Status', 'string'],
  ['IS_SFCC_TESTING', 'boolean'],
  ['updated_at', 'timestamp'],
  // What our search matches: Pattern ID + ' ' + name (`_icontains` is LOWER(search_text) LIKE '%…%').
  ['search_text', 'string'],
];
/** Where bench-import.mjs imports (not `patterns`, which bench-list.mjs seeds). */
const IMPORT_COLLECTION = 'patterns_import';
/** The columns of a list row (ours also joins the brand's name; Directus returns brand_id). */
const LIST_FIELDS = ['id', ...FIELDS.map(([f]) => f).filter((f) => f !== 'search_text')].join(',');

/**
 * The indexes of issue 15's measurement ("SQLite, indexed"): the two sorts the reads use. No index
 * can serve `LIKE '%…%'` in SQLite (a B-tree needs a fixed prefix, and Directus' filters cannot reach
 * FTS5), so the searches scan, as they did there.
 */
const PEER_INDEXES = [
  'create index if not exists patterns_updated on patterns (updated_at, id)',
  'create index if not exists patterns_brand_updated on patterns (brand_id, updated_at, id)',
];

/** The peer given by DIRECTUS_URL + DIRECTUS_TOKEN (+ DIRECTUS_DB, DIRECTUS_PID), or null. */
export function directusPeer(env) {
  const url = env.DIRECTUS_URL?.replace(/\/$/, '');
  const token = env.DIRECTUS_TOKEN;
  if (!url || !token) return null;
  const dbFile = env.DIRECTUS_DB;
  const pid = env.DIRECTUS_PID;
  const tokens = new Map(); // brand id → the static token of that brand's bench user

  async function api(p, { method = 'GET', body, bearer = token, ok = true } = {}) {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    if (ok && !res.ok)
      throw new Error(`Directus ${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }

  const count = async (filter = '') => {
    const r = await api(`/items/patterns?limit=0&meta=filter_count${filter}`, { ok: false });
    return r.status === 200 ? r.json.meta.filter_count : null;
  };

  /** (Re)creates a collection: an auto-increment `id` and `fields` ([name, type] pairs). */
  async function createCollection(collection, fields, meta) {
    if ((await api(`/collections/${collection}`, { ok: false })).status === 200)
      await api(`/collections/${collection}`, { method: 'DELETE' });
    await api('/collections', {
      method: 'POST',
      body: {
        collection,
        schema: {},
        meta,
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
            meta: {},
          },
          // A field without `meta` is refused for some types (timestamp) in 11.3.5.
          ...fields.map(([field, type]) => ({ field, type, schema: {}, meta: {} })),
        ],
      },
    });
  }

  async function seed(rows, brandIds) {
    // No activity or revision rows for the bench's own inserts (reads are not affected).
    await createCollection('patterns', FIELDS, { accountability: null });
    const now = Date.now();
    const t0 = performance.now();
    process.stdout.write('  Directus: seeding through its REST API, 1,000 rows a request:');
    for (let from = 1; from <= rows; from += 1000) {
      const batch = [];
      for (let i = from; i <= Math.min(rows, from + 999); i++) {
        const row = patternRow(i, rows, brandIds, now);
        batch.push({ ...row, search_text: `${row.SFCC_Pattern_ID} ${row.Pattern_Name}` });
      }
      await api('/items/patterns?fields=id', { method: 'POST', body: batch });
      if (from % 20_000 === 1 || from + 1000 > rows)
        process.stdout.write(` ${Math.min(rows, from + 999).toLocaleString('en-US')}`);
    }
    console.log(` rows (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }

  async function addIndexes() {
    if (!dbFile) {
      console.log(
        '  Directus: indexes not checked (set DIRECTUS_DB to its SQLite file, docs/benchmarks.md)',
      );
      return;
    }
    if (!fs.existsSync(dbFile)) throw new Error(`DIRECTUS_DB: no file ${dbFile}`);
    // The peer's own sqlite3 module (node_modules beside its data file), not a dependency of ours.
    const sqlite3 = createRequire(path.join(path.dirname(path.resolve(dbFile)), 'x.js'))('sqlite3');
    const db = new sqlite3.Database(dbFile);
    const run = (q) => new Promise((ok, ko) => db.run(q, (e) => (e ? ko(e) : ok())));
    const all = (q) => new Promise((ok, ko) => db.all(q, (e, r) => (e ? ko(e) : ok(r))));
    try {
      await run('pragma busy_timeout = 10000');
      for (const q of PEER_INDEXES) await run(q);
      await run('analyze patterns');
      const names = (
        await all(`select name from sqlite_master where tbl_name = 'patterns' and type = 'index'`)
      ).map((r) => r.name);
      console.log(`  Directus: indexes on patterns: ${names.join(', ')} (analyzed)`);
    } finally {
      await new Promise((r) => db.close(r));
    }
  }

  /** A policy that lets a user read one brand's patterns, and a user holding it (static token). */
  async function brandUser(brandId) {
    const email = `bench-brand-${brandId}@example.com`;
    const name = `Bench: brand ${brandId}'s patterns`;
    const users = await api(`/users?fields=id&filter[email][_eq]=${encodeURIComponent(email)}`);
    for (const u of users.json.data) await api(`/users/${u.id}`, { method: 'DELETE' });
    const policies = await api(`/policies?fields=id&filter[name][_eq]=${encodeURIComponent(name)}`);
    for (const p of policies.json.data) await api(`/policies/${p.id}`, { method: 'DELETE' });
    const policy = await api('/policies', {
      method: 'POST',
      body: {
        name,
        icon: 'badge',
        admin_access: false,
        app_access: false,
        permissions: [
          {
            collection: 'patterns',
            action: 'read',
            fields: ['*'],
            permissions: { brand_id: { _eq: brandId } },
          },
        ],
      },
    });
    const userToken = `bench-brand-${brandId}-${Date.now().toString(36)}`;
    await api('/users', {
      method: 'POST',
      body: {
        email,
        password: `Bench-pass-${Date.now()}`,
        status: 'active',
        token: userToken,
        policies: [{ policy: policy.json.data.id }],
      },
    });
    tokens.set(brandId, userToken);
  }

  return {
    label: 'Directus',
    /**
     * bench-import.mjs: an empty collection `patterns_import` with the import's columns ([name, type]
     * pairs). Its own collection: `patterns` holds the list bench's 100,000 rows (a minute to seed
     * again). Directus' default tracking (activity and revisions, accountability 'all'): ours records
     * each imported pattern's activity too.
     */
    async importInto(fields) {
      await createCollection(IMPORT_COLLECTION, fields, {});
    },
    /**
     * `csv` through Directus' own import (POST /utils/import/{collection}, multipart `file`: a row
     * with an `id` updates that item, one without creates one; all in one transaction); answers
     * the import request's milliseconds and how many items the collection then holds.
     */
    async importCsv(csv) {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), `${IMPORT_COLLECTION}.csv`);
      const t0 = performance.now();
      const res = await fetch(`${url}/utils/import/${IMPORT_COLLECTION}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`Directus import: ${res.status} ${text.slice(0, 300)}`);
      const total = (await api(`/items/${IMPORT_COLLECTION}?limit=0&meta=total_count`)).json.meta
        .total_count;
      return { ms, total };
    },
    /** One item's update (PATCH /items/patterns_import/{id}, `body` its changed fields): the request's milliseconds. */
    async updateOne(id, body) {
      const t0 = performance.now();
      const res = await fetch(`${url}/items/${IMPORT_COLLECTION}/${id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`Directus PATCH ${id}: ${res.status} ${text.slice(0, 300)}`);
      return ms;
    },
    /** The imported items' ids by `key` (for an update: the same rows again, with their id). */
    async importedIds(key) {
      const r = await api(`/items/${IMPORT_COLLECTION}?fields=id,${key}&limit=-1`);
      return new Map(r.json.data.map((row) => [row[key], row.id]));
    },
    /**
     * Gives the peer the rows `seed` gave ours when it holds other ones (its total or a brand's count
     * differs), adds the indexes, and a brand user for the reads that have one (`read.brandUser`).
     */
    async prepare(rows, brandIds, reads) {
      const version = (await api('/server/info')).json.data?.version;
      console.log(`  Directus ${version ?? '(version hidden)'} at ${url}`);
      const brandRead = reads.find((r) => r.brandId !== undefined);
      const same =
        (await count()) === rows &&
        (!brandRead ||
          (await count(`&filter[brand_id][_eq]=${brandRead.brandId}`)) === brandRead.total);
      if (!same) await seed(rows, brandIds);
      await addIndexes();
      for (const r of reads) if (r.brandUser !== undefined) await brandUser(r.brandUser);
    },
    /** The same read as ours: a page of 25, newest first (id breaks ties), with its exact count. */
    async call(s) {
      const { url: target, headers } = this.request(s);
      const t0 = performance.now();
      const { status, body } = await getJson(target, headers);
      const ms = performance.now() - t0;
      if (status !== 200) throw new Error(`Directus ${s.name}: ${status} ${JSON.stringify(body)}`);
      if (body.meta?.filter_count !== s.total)
        throw new Error(
          `Directus ${s.name}: total ${body.meta?.filter_count}, expected ${s.total}`,
        );
      if (body.data.length === 0) throw new Error(`Directus ${s.name}: empty page`);
      return { ms, body };
    },
    /** The read's request: its URL and headers (for `call` and for wrk). */
    request(s) {
      const qs = new URLSearchParams({
        limit: String(s.query.pageSize),
        page: String(s.query.page ?? 1),
        sort: '-updated_at,-id',
        meta: 'filter_count',
        fields: LIST_FIELDS,
      });
      if (s.query.brand !== undefined) qs.set('filter[brand_id][_eq]', String(s.query.brand));
      if (s.query.search) qs.set('filter[search_text][_icontains]', s.query.search);
      const bearer = s.brandUser !== undefined ? tokens.get(s.brandUser) : token;
      return { url: `${url}/items/patterns?${qs}`, headers: { authorization: `Bearer ${bearer}` } };
    },
    /** Directus' resident memory in MB, when DIRECTUS_PID names its process. */
    rss: pid ? () => rssMb(pid) : undefined,
    /** CPU time Directus has used, in ms (its SQLite runs inside it), when DIRECTUS_PID is set. */
    cpu: pid ? () => cpuMs([pid]) : undefined,
  };
}

/** CPU time (user + system, every thread) the processes have used so far, in ms (Linux). */
export function cpuMs(pids) {
  const tick = 10; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(f[11]) + Number(f[12])) * tick; // utime, stime (fields 14, 15)
    } catch {
      /* gone */
    }
  }
  return total;
}

/** The PIDs of every process whose command is `comm` (e.g. PostgreSQL's backends). */
export function pidsNamed(comm) {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    });
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid) {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}
