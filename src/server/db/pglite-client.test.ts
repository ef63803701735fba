import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, type Database } from './client';
import { dbKind, migratedDataDir, templateDump } from '../test/helper';
import { runsIn } from '../test/skip';

/**
 * The embedded database's client (pglite-raw.ts: PGlite's raw protocol, in this thread or in a
 * worker thread) must answer exactly as PGlite's own client does: the same values, the same
 * errors, the same order, the same transactions and notifications.
 */
describe.skipIf(dbKind !== 'pglite')(
  `PGlite client, raw protocol${runsIn('api-pglite', dbKind === 'pglite')}`,
  () => {
    const dirs: string[] = [];
    /** A database directory holding the tests' migrated template, for this thread or a worker to open. */
    const dataDir = async () => {
      const d = await migratedDataDir('ppp-pglite-client-');
      dirs.push(d);
      return path.join(d, 'db');
    };
    afterAll(() => {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    const sample = `select 1::int4 as i, 9007199254740993::int8 as big, 42::int8 as small,
      1.50::numeric(10,2) as price, true as yes, null::text as nothing, 'né'::text as t,
      '{"a":[1,2]}'::jsonb as j, '2024-05-01 10:00:00+00'::timestamptz as at,
      array[1,2,3]::int4[] as ints, array['a','b c']::text[] as texts, '\\x0102'::bytea as bin,
      $1::timestamptz as param_at, $2::jsonb as param_json, $3::int4[] as param_ints,
      $4::bool as param_bool, $5::text as param_text`;
    const params = [new Date('2024-01-02T03:04:05Z'), { k: 'v' }, [4, 5], false, 'x'];
    // drizzle's parsers: dates and intervals (and their arrays) stay as PostgreSQL wrote them.
    const asText = (v: string) => v;
    const drizzleParsers = { 1114: asText, 1184: asText, 1186: asText, 1082: asText };

    let reference: PGlite;
    beforeAll(async () => {
      reference = await PGlite.create({ loadDataDir: templateDump(), extensions: { pg_trgm } });
    });
    afterAll(() => reference.close());

    for (const inWorker of [false, true]) {
      describe(inWorker ? 'in a worker thread' : 'in this thread', () => {
        let database: Database;
        beforeAll(async () => {
          database = await openPglite(await dataDir(), undefined, { inWorker });
          await database.db.execute(
            sql.raw(`create table t (id int primary key, name text constraint t_name_key unique)`),
          );
        });
        afterAll(() => database.close());
        const client = () => database.db.$client;

        it('answers with the values and result shape of PGlite itself', async () => {
          for (const options of [
            { rowMode: 'array' as const, parsers: drizzleParsers },
            { rowMode: 'object' as const },
          ]) {
            const ours = await client().query(sample, params, options);
            const theirs = await reference.query(sample, params, options);
            expect(ours.rows).toEqual(theirs.rows);
            expect(ours.fields).toEqual(theirs.fields);
            expect(ours.affectedRows).toBe(theirs.affectedRows);
          }
          const [row] = (await client().query<Record<string, unknown>>(sample, params)).rows;
          if (!row) throw new Error('expected row');
          expect(row).toMatchObject({ i: 1, small: 42, price: '1.50', yes: true, nothing: null });
          expect(row.big).toBe(9007199254740993n);
          expect(row.ints).toEqual([1, 2, 3]);
          expect(row.param_ints).toEqual([4, 5]);
          expect(row.param_json).toEqual({ k: 'v' });
        });

        it('takes its page cache from memory untouched until used (System V, not mmap: ADR 012)', async () => {
          const { rows } = await client().query<{ t: string; b: string }>(
            `select current_setting('shared_memory_type') as t, current_setting('shared_buffers') as b`,
          );
          expect(rows).toEqual([{ t: 'sysv', b: '32MB' }]);
        });

        it('counts affected rows and runs several statements as PGlite does', async () => {
          const ins = await client().query(`insert into t values (1, 'a'), (2, 'b')`);
          expect(ins.affectedRows).toBe(2);
          const many = await client().exec(`select 1 as one; update t set name = name; select 2`);
          expect(many.map((r) => r.rows)).toEqual([[{ one: 1 }], [], [{ '?column?': 2 }]]);
          expect(many[1]?.affectedRows).toBe(2);
        });

        it('throws PostgreSQL errors with their code and constraint, and goes on after them', async () => {
          const err = await client()
            .query(`insert into t values (3, $1)`, ['a'])
            .catch((e: unknown) => e);
          expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
          await expect(client().query('select nope from t')).rejects.toMatchObject({
            code: '42703',
          });
          expect((await client().query('select count(*)::int as n from t')).rows).toEqual([
            { n: 2 },
          ]);
        });

        it('keeps other statements out of an open transaction, and rolls back on error', async () => {
          const order: string[] = [];
          let release!: () => void;
          const held = new Promise<void>((r) => (release = r));
          const tx = client().transaction(async (t) => {
            await t.query(`insert into t values (10, 'in tx')`);
            order.push('tx wrote');
            await held;
            order.push('tx ends');
          });
          await new Promise((r) => setTimeout(r, 20));
          // Asked while the transaction is open: answered after it, and sees its row.
          const outside = client()
            .query<{ n: number }>(`select count(*)::int as n from t where id = 10`)
            .then((r) => (order.push('outside'), r.rows[0]!.n));
          await new Promise((r) => setTimeout(r, 20));
          release();
          await tx;
          expect(await outside).toBe(1);
          expect(order).toEqual(['tx wrote', 'tx ends', 'outside']);

          await expect(
            client().transaction(async (t) => {
              await t.query(`insert into t values (11, 'rolled back')`);
              throw new Error('no');
            }),
          ).rejects.toThrow('no');
          expect((await client().query(`select id from t where id = 11`)).rows).toEqual([]);
        });

        it('answers statements asked all at once each with its own rows, an error only its own', async () => {
          // In a worker they are pipelined and travel together (pglite-raw.ts, pglite-bridge.ts).
          const asked = Array.from({ length: 40 }, (_, i) =>
            i % 13 === 5
              ? client().query('select 1 / ($1::int - $1::int) as boom', [i])
              : client().query<{ i: number; t: string }>(
                  i % 2 ? 'select $1::int as i, $2::text as t' : 'select $1::int as i, $2 as t',
                  [i, `row ${i}`],
                ),
          );
          const got = await Promise.allSettled(asked);
          got.forEach((r, i) => {
            if (i % 13 === 5) expect(r).toMatchObject({ reason: { code: '22012' } });
            else expect(r).toMatchObject({ value: { rows: [{ i, t: `row ${i}` }] } });
          });
        });

        it('starts a transaction only after the statements asked before it are answered', async () => {
          await client().query(`create table piped (id int primary key)`);
          const writes = Array.from({ length: 20 }, (_, i) =>
            client().query(`insert into piped values ($1)`, [i]),
          );
          const seen = client().transaction(async (t) => {
            const [row] = (await t.query<{ n: number }>(`select count(*)::int as n from piped`))
              .rows;
            await t.query(`insert into piped values (100)`);
            return row?.n;
          });
          const after = client().query<{ n: number }>(`select count(*)::int as n from piped`);
          await Promise.all(writes);
          expect(await seen).toBe(20);
          expect((await after).rows).toEqual([{ n: 21 }]);
        });

        it('prepares a repeated statement once, through its generic plan and a change of its table', async () => {
          await client().query(`create table prep (id int primary key, v int)`);
          await client().query(`insert into prep select g, g * 10 from generate_series(1, 50) g`);
          const text = 'select id, v from prep where id = $1';
          for (let i = 1; i <= 12; i++)
            expect((await client().query(text, [i])).rows).toEqual([{ id: i, v: i * 10 }]);
          const held = await client().query(
            `select count(*)::int as n, bool_or(generic_plans > 0) as generic
             from pg_prepared_statements where statement = $1`,
            [text],
          );
          expect(held.rows).toEqual([{ n: 1, generic: true }]);
          // The table changes shape under the prepared statement: prepared again, answered right.
          await client().query(`alter table prep alter column v type text using v::text`);
          expect((await client().query(text, [3])).rows).toEqual([{ id: 3, v: '30' }]);
          await expect(client().query(text, ['x'])).rejects.toMatchObject({ code: '22P02' });
          expect((await client().query(text, [4])).rows).toEqual([{ id: 4, v: '40' }]);
        });

        it('moves its data version for every statement that may change data, never for a read', async () => {
          await client().query(`create table versioned (id int primary key, n int)`);
          await client().query(`create sequence versioned_seq`);
          const version = () => database.dataVersion!();
          const moves = async (run: () => Promise<unknown>) => {
            const before = version();
            await run().catch(() => undefined);
            return version() !== before;
          };
          // Reads, whether or not they are kept prepared.
          expect(await moves(() => client().query(`select count(*) from versioned`))).toBe(false);
          expect(await moves(() => client().query(`select $1::int as i`, [1]))).toBe(false);
          expect(
            await moves(() => client().query(`with w as (select 1 as i) select * from w`)),
          ).toBe(false);
          // Writes, locks and functions that write, a failed write, a simple query, a transaction.
          for (const write of [
            () => client().query(`insert into versioned values ($1, 1)`, [1]),
            () => client().query(`update versioned set n = n + 1`),
            () => client().query(`delete from versioned where id = $1`, [9]),
            () => client().query(`select * from versioned for update`),
            () => client().query(`select * from versioned for share`),
            () => client().query(`select nextval('versioned_seq')`),
            () => client().query(`select pg_notify('ppp_version', 'x')`),
            () =>
              client().query(`with w as (update versioned set n = 0 returning id) select * from w`),
            () => client().query(`insert into versioned values (1, 1)`), // a duplicate: fails
            () => client().exec(`select 1`),
            () => client().transaction((t) => t.query(`select 1`)),
          ])
            expect(await moves(write), String(write)).toBe(true);
          // A read sent while a change is out sees a version that moves again when it is answered.
          const before = version();
          const write = client().query(`update versioned set n = 5`);
          const during = version();
          await write;
          expect(during).not.toBe(before);
          expect(version()).not.toBe(during);
        });

        it('hands a notification to its listener before the statement that sent it resolves', async () => {
          const heard: string[] = [];
          const stop = await database.listen(
            'ppp_test',
            (p) => heard.push(p),
            () => undefined,
          );
          await client().query(`select pg_notify('ppp_test', 'one')`);
          expect(heard).toEqual(['one']);
          await client().transaction(async (t) => {
            await t.query(`select pg_notify('ppp_test', 'two')`);
            expect(heard).toEqual(['one']); // not before the commit
          });
          expect(heard).toEqual(['one', 'two']);
          await stop();
          await client().query(`select pg_notify('ppp_test', 'three')`);
          expect(heard).toEqual(['one', 'two']);
        });
      });
    }

    it('keeps its data when reopened, in a worker after this thread', async () => {
      const dir = await dataDir();
      const first = await openPglite(dir);
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
      await first.close();
      const second = await openPglite(dir, undefined, { inWorker: true });
      expect((await second.db.execute(sql`select v from kept`)).rows).toEqual([
        { v: 'still here' },
      ]);
      await second.close();
    });

    // docs/decisions/014: what initdb and the migrations grow is given back before the server serves.
    it('creates a new database in a process of its own, then serves it from a worker thread', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-pglite-new-'));
      dirs.push(dir);
      const database = await openPglite(path.join(dir, 'db'), undefined, { inWorker: true });
      expect(database.workerThreadId?.()).toBe(-1); // initdb ran in a child process
      await migrate(database);
      const thread = database.workerThreadId?.();
      expect(thread).toBeGreaterThan(0); // that process has ended; a worker thread serves
      const journal = JSON.parse(
        fs.readFileSync(path.join(process.cwd(), 'drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect((await database.db.execute(applied)).rows).toEqual([{ n: journal.entries.length }]);
      await database.db.execute(sql`insert into brands (slug, name) values ('kept', 'Kept')`);
      await database.close();

      // A later start: a worker thread from the first, and nothing to migrate keeps it.
      const again = await openPglite(path.join(dir, 'db'), undefined, { inWorker: true });
      expect(again.workerThreadId?.()).toBeGreaterThan(0);
      await migrate(again);
      const kept = sql`select name from brands where slug = 'kept'`;
      expect((await again.db.execute(kept)).rows).toEqual([{ name: 'Kept' }]);
      await again.close();
    }, 180_000); // initdb in WebAssembly, the migrations and two starts: over 60 s at load 14

    it('keeps its prepared statements and listeners working across a fresh worker', async () => {
      const database = await openPglite(await dataDir(), undefined, { inWorker: true });
      const heard: string[] = [];
      await database.listen(
        'ppp_restart',
        (p) => heard.push(p),
        () => undefined,
      );
      const client = database.db.$client;
      const text = `select $1::int4 + 1 as n`;
      for (let i = 0; i < 6; i++)
        expect((await client.query(text, [i])).rows).toEqual([{ n: i + 1 }]);
      const before = database.workerThreadId?.();
      expect(await database.releaseOneOffMemory?.(false)).toBe(false); // nothing heavy: kept
      expect(await database.releaseOneOffMemory?.(true)).toBe(true);
      expect(database.workerThreadId?.()).not.toBe(before);
      // The new session knows none of the old one's prepared statements: prepared again.
      expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
      await client.query(`select pg_notify('ppp_restart', 'after')`);
      expect(heard).toEqual(['after']);
      await database.close();
    });
  },
);
