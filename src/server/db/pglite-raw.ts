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
 * open, a notification's listener called before the statement that delivered it resolves. With
 * `pipelined` (the worker thread), a statement outside a transaction is sent without waiting for
 * the replies of those sent before it: the database still runs them one at a time, in the order
 * sent, but the worker need not wait for this thread between them, and round trips asked together
 * travel together (pglite-bridge.ts). A transaction still waits for every statement sent before it.
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
  /**
   * Runs `swap`, which puts a fresh database session behind `execRaw` (the same files), while no
   * statement runs; then forgets what the old session had prepared and listens again on every
   * channel. The embedded database's worker is replaced this way after start-up's one-off work
   * (docs/decisions/014).
   */
  restart(swap: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
  readonly closed: boolean;
  /**
   * Goes up whenever a statement that may change data is sent and again when it is answered (a
   * transaction: when it starts and when it ends). Whatever was read while it stood still is
   * still what the database holds, as long as this client is the database's only way in (the
   * list's answers are kept by it: pattern-list/list-cache.ts).
   */
  readonly version: number;
}

/**
 * A statement that changes nothing: a SELECT (or WITH) with no writing command, locking clause or
 * function known to write in its text. Anything else counts as a write; a word in a string
 * literal or a column name only ever makes a read count as a write.
 */
const READ_ONLY = /^\s*(select|with)\b/i;
const WRITES_ANYWAY =
  /\b(insert|update|delete|merge|truncate|copy|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|pg_notify|set_config|lo_\w+|txid_current|pg_current_xact_id|share)\b/i;
const readsOnly = (sql: string) => READ_ONLY.test(sql) && !WRITES_ANYWAY.test(sql);

type Parse = (value: string, typeId?: number) => unknown;
type Serialize = (value: unknown) => string;

/** Named statements kept prepared (drizzle writes a few hundred distinct texts; a list page's filters and sorts make more). */
const MAX_PREPARED = 1000;

/** What is prepared under a name: queries and writes (drizzle's select, insert, update, delete, with). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface Statement {
  /** '' for a statement that is not kept (parsed again on each run). */
  name: string;
  /** Its parameters' types, as PostgreSQL inferred them. */
  oids: number[];
}

export async function rawClient(
  execRaw: ExecRaw,
  closeDb: () => Promise<void>,
  opts: { pipelined?: boolean } = {},
): Promise<RawClient> {
  const parsers: Record<number, Parse> = { ...(types.parsers as Record<number, Parse>) };
  const serializers: Record<number, Serialize> = {
    ...(types.serializers as Record<number, Serialize>),
  };
  const parser = new Parser();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const statements = new Map<string, Statement>();
  /** Statements being prepared: a text asked again meanwhile (pipelined) waits for the same Parse. */
  const preparing = new Map<string, Promise<Statement>>();
  let nextStatement = 1;
  let closed = false;
  let version = 0;
  /** A change's promise, with the version moved on when it is sent and again when it is answered. */
  const changing = <T>(run: () => Promise<T>): Promise<T> => {
    version++;
    return run().finally(() => void version++);
  };

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

  /**
   * Statements drizzle sends again and again (a list page, a session check) are prepared once,
   * under a name of their own: later runs send only Bind and Execute, so the database neither
   * parses nor analyses the text again, and once PostgreSQL judges a generic plan as good as the
   * custom ones (after five runs, plan_cache_mode auto) it stops planning too — planning in PGlite
   * also asks the file system for every table's and index's size. The Parse also tells the
   * parameters' types, which pick the serializers. At most MAX_PREPARED are kept, the least
   * recently used closed first. Other statements (DDL and the like) are parsed again on each run;
   * their parameters' types are remembered all the same.
   */
  async function prepared(sql: string): Promise<Statement> {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql); // most recently used last
      statements.set(sql, known);
      return known;
    }
    let p = preparing.get(sql);
    if (!p) {
      preparing.set(sql, (p = prepare(sql)));
      void p.then(
        () => preparing.delete(sql),
        () => preparing.delete(sql),
      );
    }
    return p;
  }

  async function prepare(sql: string): Promise<Statement> {
    const name = PREPARABLE.test(sql) ? `ppp_${nextStatement++}` : '';
    const messages: Uint8Array[] = [];
    if (statements.size >= MAX_PREPARED) {
      const [oldSql, old] = statements.entries().next().value!;
      statements.delete(oldSql);
      if (old.name) messages.push(serialize.close({ type: 'S', name: old.name }));
    }
    messages.push(
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const replies = await roundTrip(Buffer.concat(messages));
    const err = failure(replies, sql);
    if (err) throw err;
    const oids = (
      replies.find((m) => m.name === 'parameterDescription') as ParameterDescriptionMessage
    ).dataTypeIDs;
    const statement = { name, oids };
    statements.set(sql, statement);
    return statement;
  }

  async function runQuery<T>(sql: string, params: unknown[] = [], o: QueryOptions = {}) {
    const statement = params.length > 0 || PREPARABLE.test(sql) ? await prepared(sql) : undefined;
    const oids = statement?.oids ?? [];
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const oid = oids[i];
      const s = oid === undefined ? undefined : serializers[oid];
      return s ? s(p) : String(p);
    });
    const name = statement?.name ?? '';
    const replies = await roundTrip(
      Buffer.concat([
        ...(name ? [] : [serialize.parse({ text: sql })]),
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const err = failure(replies, sql, params);
    if (
      err &&
      name &&
      ((err.code === '0A000' && /cached plan/.test(err.message)) || err.code === '26000')
    ) {
      // A table it reads changed shape under it (DDL): prepared again from its text. (Or,
      // pipelined, it was closed as the least recently used before this Bind arrived.)
      if (statements.get(sql)?.name === name) statements.delete(sql);
      await roundTrip(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()]));
      return runQuery<T>(sql, params, o);
    }
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
    // A column's parser: the call's own (drizzle passes a few with every query) before PGlite's.
    // Looked up per column, not merged: a merged table (a copy of a hundred-odd parsers) on every
    // query cost more than the rest of reading a page of 25 rows.
    const extra = o.parsers;
    const parserOf = (t: number) => extra?.[t] ?? parsers[t];
    const asArray = o.rowMode === 'array';
    const out: Results[] = [];
    let rows: unknown[] = [];
    let fields: { name: string; dataTypeID: number }[] = [];
    // Per column, resolved once per result: its name, type and parser.
    let names: string[] = [];
    let typeIds: number[] = [];
    let parse: (Parse | undefined)[] = [];
    let affectedRows = 0;
    for (const m of messages) {
      if (m.name === 'rowDescription') {
        fields = (m as RowDescriptionMessage).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
        names = fields.map((f) => f.name);
        typeIds = fields.map((f) => f.dataTypeID);
        parse = typeIds.map(parserOf);
      } else if (m.name === 'dataRow') {
        const raw = (m as DataRowMessage).fields;
        if (asArray) {
          const values = new Array<unknown>(raw.length);
          for (let i = 0; i < raw.length; i++) {
            const v = raw[i];
            const p = parse[i];
            values[i] = v === null ? null : p ? p(v, typeIds[i]) : v;
          }
          rows.push(values);
        } else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < raw.length; i++) {
            const v = raw[i];
            const p = parse[i];
            // A data row has one value per field its row description named.
            row[names[i]!] = v === null ? null : p ? p(v, typeIds[i]) : v;
          }
          rows.push(row);
        }
      } else if (m.name === 'commandComplete') {
        const words = (m as CommandCompleteMessage).text.split(' ');
        const command = words[0] ?? '';
        const count = parseInt(words.at(-1) ?? '', 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command))
          affectedRows += count;
        out.push({
          rows,
          fields,
          command,
          affectedRows,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        } as Results);
        rows = [];
        fields = [];
      }
    }
    if (out.length === 0) out.push({ affectedRows: 0, rows: [], fields: [] });
    return out;
  }

  // One statement (or transaction) at a time, in the order asked, as PGlite's own locks do; or,
  // pipelined, statements outside a transaction one after another without waiting for replies,
  // and a transaction (or a simple query, which may hold several statements) alone, once every
  // statement sent before it is answered.
  let queue: Promise<unknown> = Promise.resolve();
  const inFlight = new Set<Promise<unknown>>();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const before = inFlight.size > 0 ? Promise.allSettled([queue, ...inFlight]) : queue;
    inFlight.clear();
    const run = before.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const statement = <T>(fn: () => Promise<T>): Promise<T> => {
    if (!opts.pipelined) return exclusive(fn);
    const run = queue.then(fn, fn);
    const done: Promise<unknown> = run.then(
      () => inFlight.delete(done),
      () => inFlight.delete(done),
    );
    inFlight.add(done);
    return run;
  };

  /** `fn` between BEGIN and COMMIT (ROLLBACK when it throws), on the queue's turn (`exclusive`). */
  async function inTransaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T> {
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
      if (commit?.command === 'ROLLBACK') {
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
  }

  // PGlite's parsers and serializers for array types (its _initArrayTypes).
  const arrays = await runQuery<{ oid: number; typarray: number }>(`
    SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`);
  for (const { oid, typarray } of arrays.rows) {
    serializers[typarray] = (v) =>
      types.arraySerializer(v, serializers[oid], typarray) as unknown as string;
    // Its declaration asks for a parser; it reads an element type without one as text.
    parsers[typarray] = (v) => types.arrayParser(v, parsers[oid] as Parse, typarray);
  }

  return {
    query: (sql, params, o) =>
      readsOnly(sql)
        ? statement(() => runQuery(sql, params, o))
        : changing(() => statement(() => runQuery(sql, params, o))),
    exec: (sql, o) => changing(() => exclusive(() => runExec(sql, o))),
    transaction: (fn) => changing(() => exclusive(() => inTransaction(fn))),
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
    restart: (swap) =>
      changing(() =>
        exclusive(async () => {
          if (closed) throw new Error('PGlite is closed');
          await swap();
          statements.clear();
          for (const channel of listeners.keys()) await runExec(`LISTEN ${quoteIdent(channel)}`);
        }),
      ),
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
    get version() {
      return version;
    },
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
