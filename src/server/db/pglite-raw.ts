import { types, type Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  DatabaseError,
  NotificationResponseMessage,
  ParameterDescriptionMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages';

/**
 * The part of PGlite that drizzle's pglite driver and db/client.ts use (query, exec, transaction,
 * listen), spoken over PGlite's raw wire protocol: one round trip into the database per statement
 * (Parse, Bind, Describe, Execute and Sync together) and the replies read by node-postgres'
 * parser. PGlite's own `query` makes six round trips and parses each reply with a slower parser of
 * its own: about 900 µs of CPU for a page of 25 patterns against 300 µs here, 376 against 52 for
 * `select 1` (docs/benchmarks.md). The database itself sits behind `execRaw`: PGlite in this
 * thread, or in a worker thread (pglite-bridge.ts).
 *
 * Same results and semantics as PGlite's own client: its type parsers and serializers (a
 * parameter is serialized by the type PostgreSQL infers for it, learnt once per statement text),
 * its result shape, statements one at a time, every other statement waiting while a transaction is
 * open, a notification's listener called before the statement that delivered it resolves.
 */
export type ExecRaw = (message: Uint8Array) => Promise<Uint8Array>;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

export interface RawTransaction extends Queryable {
  readonly closed: boolean;
}

export interface RawClient extends Queryable {
  transaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

type Parse = (value: string, typeId?: number) => unknown;
type Serialize = (value: unknown) => string;

/** Statement texts whose parameter types are remembered (drizzle writes a few hundred at most). */
const MAX_DESCRIBED = 2000;

export async function rawClient(
  execRaw: ExecRaw,
  closeDb: () => Promise<void>,
): Promise<RawClient> {
  const parsers: Record<number, Parse> = { ...(types.parsers as Record<number, Parse>) };
  const serializers: Record<number, Serialize> = {
    ...(types.serializers as Record<number, Serialize>),
  };
  const parser = new Parser();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const paramTypes = new Map<string, number[]>();
  let closed = false;

  /** One round trip: the messages, then the replies in order (a notification is handed to its listeners here). */
  async function roundTrip(message: Uint8Array): Promise<BackendMessage[]> {
    if (closed) throw new Error('PGlite is closed');
    const reply = await execRaw(message);
    const out: BackendMessage[] = [];
    parser.parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (m) => {
      if (m.name === 'notification') {
        const n = m as NotificationResponseMessage;
        for (const l of listeners.get(n.channel) ?? []) l(n.payload);
      } else out.push(m);
    });
    return out;
  }

  const failure = (messages: BackendMessage[], sql: string, params?: unknown[]) => {
    const err = messages.find((m) => m.name === 'error') as
      (DatabaseError & { query?: string; params?: unknown[] }) | undefined;
    if (!err) return undefined;
    err.query = sql;
    err.params = params;
    return err;
  };

  async function describeParams(sql: string): Promise<number[]> {
    let known = paramTypes.get(sql);
    if (known) return known;
    const replies = await roundTrip(
      Buffer.concat([
        serialize.parse({ text: sql }),
        serialize.describe({ type: 'S' }),
        serialize.sync(),
      ]),
    );
    const err = failure(replies, sql);
    if (err) throw err;
    known = (replies.find((m) => m.name === 'parameterDescription') as ParameterDescriptionMessage)
      .dataTypeIDs;
    if (paramTypes.size >= MAX_DESCRIBED) paramTypes.clear();
    paramTypes.set(sql, known);
    return known;
  }

  async function runQuery<T>(sql: string, params: unknown[] = [], o: QueryOptions = {}) {
    const oids = params.length ? await describeParams(sql) : [];
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const s = serializers[oids[i]];
      return s ? s(p) : String(p);
    });
    const replies = await roundTrip(
      Buffer.concat([
        serialize.parse({ text: sql }),
        serialize.bind({ values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const err = failure(replies, sql, params);
    if (err) throw err;
    return resultsOf(replies, o)[0] as Results<T>;
  }

  async function runExec(sql: string, o: QueryOptions = {}) {
    const replies = await roundTrip(serialize.query(sql));
    const err = failure(replies, sql);
    if (err) throw err;
    return resultsOf(replies, o);
  }

  /** PGlite's result shape (parseResults): one per statement, its rows parsed by type. */
  function resultsOf(messages: BackendMessage[], o: QueryOptions): Results[] {
    const all = o.parsers ? { ...parsers, ...o.parsers } : parsers;
    const out: Results[] = [];
    let current: { rows: unknown[]; fields: { name: string; dataTypeID: number }[] } = {
      rows: [],
      fields: [],
    };
    let affectedRows = 0;
    for (const m of messages) {
      if (m.name === 'rowDescription') {
        current.fields = (m as RowDescriptionMessage).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
      } else if (m.name === 'dataRow') {
        const { fields } = current;
        const values = (m as DataRowMessage).fields.map((v, i) => {
          if (v === null) return null;
          const p = all[fields[i].dataTypeID];
          return p ? p(v, fields[i].dataTypeID) : v;
        });
        current.rows.push(
          o.rowMode === 'array'
            ? values
            : Object.fromEntries(fields.map((f, i) => [f.name, values[i]])),
        );
      } else if (m.name === 'commandComplete') {
        const words = (m as CommandCompleteMessage).text.split(' ');
        const command = words[0];
        const count = parseInt(words[words.length - 1], 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command))
          affectedRows += count;
        out.push({
          ...current,
          command,
          affectedRows,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        } as Results);
        current = { rows: [], fields: [] };
      }
    }
    if (out.length === 0) out.push({ affectedRows: 0, rows: [], fields: [] });
    return out;
  }

  // One statement (or transaction) at a time, in the order asked, as PGlite's own locks do.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  // PGlite's parsers and serializers for array types (its _initArrayTypes).
  const arrays = await runQuery<{ oid: number; typarray: number }>(`
    SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`);
  for (const { oid, typarray } of arrays.rows) {
    serializers[typarray] = (v) =>
      types.arraySerializer(v, serializers[oid], typarray) as unknown as string;
    parsers[typarray] = (v) => types.arrayParser(v, parsers[oid], typarray);
  }

  return {
    query: (sql, params, o) => exclusive(() => runQuery(sql, params, o)),
    exec: (sql, o) => exclusive(() => runExec(sql, o)),
    transaction<T>(fn: (tx: RawTransaction) => Promise<T>) {
      return exclusive(async () => {
        await runExec('BEGIN');
        let done = false;
        const open = () => {
          if (done) throw new Error('Transaction is closed');
        };
        const tx: RawTransaction = {
          query: async (sql, params, o) => (open(), runQuery(sql, params, o)),
          exec: async (sql, o) => (open(), runExec(sql, o)),
          get closed() {
            return done;
          },
        };
        try {
          const result = await fn(tx);
          done = true;
          const [commit] = await runExec('COMMIT');
          if (commit.command === 'ROLLBACK') {
            throw Object.assign(new Error('Transaction was rolled back instead of committed'), {
              severity: 'ERROR',
              code: '25P02',
              query: 'COMMIT',
            });
          }
          return result;
        } catch (err) {
          if (!done) {
            done = true;
            await runExec('ROLLBACK');
          }
          throw err;
        }
      });
    },
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await exclusive(() => runExec(`LISTEN ${quoteIdent(channel)}`));
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        if (!closed) await exclusive(() => runExec(`UNLISTEN ${quoteIdent(channel)}`));
      };
    },
    async close() {
      if (closed) return;
      await exclusive(async () => {
        closed = true;
        await closeDb();
      });
    },
    get closed() {
      return closed;
    },
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
