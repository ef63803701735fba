import {
  and,
  asc,
  desc,
  eq,
  inArray,
  ne,
  sql,
  type AnyColumn,
  type SQL,
  type Subquery,
  type WithSubquery,
} from 'drizzle-orm';
import { isTransaction, type DbOrTx } from '../../db/client';
import { arrayRowsStatement, type ArraySelect, type TextDates } from '../../db/array-rows';
import { live, patterns } from '../../db/schema/patterns';
import { patternCounts } from '../../db/schema/pattern-counts';
import { patternWordCounts, patternWords, searchVocab } from '../../db/schema/search-words';
import { brands } from '../../db/schema/brands';
import type { PatternSortKey, SortDirection } from '../../../shared/contracts/pattern-list';
import {
  anchorRange,
  asPlaceholder,
  asValue,
  filterShape,
  filterValues,
  inlineCount,
  keyText,
  orderOf,
  type FilterValue,
  isReviewFilter,
  whereOf,
  type ColumnSortKey,
  type ListWhere,
  orderKeys,
  orderSql,
  searchKind,
  searchMatch,
  searchPlaceholders,
  searchTest,
  searchValues,
  type SearchKind,
  type SortPosition,
} from './list.query';

/**
 * The total from the count table (exact, kept by triggers: a few hundred rows at most, whatever
 * the catalogue size), with the list version (migration pattern_list_version) in the same statement.
 * A review filter adds the patterns of another status whose edit is in that state (`editOnlyWhere`).
 */
export async function countWithVersion(
  db: DbOrTx,
  w: Omit<ListWhere, 'search'>,
): Promise<{ total: number; version: string }> {
  const where = countWhere(w);
  const edits = isReviewFilter(w.status)
    ? sql` + (select count(*)::int from ${patterns} where ${editOnlyWhere(w)})`
    : sql``;
  const res = await db.execute<{ n: number; v: string }>(sql`
    select (select coalesce(sum(${patternCounts.n}), 0)::int from ${patternCounts} ${where ? sql`where ${where}` : sql``})${edits} as n,
      (select last_value::text from pattern_list_version) as v`);
  const row = res.rows[0];
  return { total: Number(row?.n ?? 0), version: String(row?.v ?? '') };
}

/**
 * Whether the count table alone gives the total, so that the one-statement pages (`firstPageRows`,
 * `farPageRows`) may read it: not for a search, nor for a review filter (which also finds
 * published patterns whose edit is in that state; `countWithVersion` adds those).
 */
export const countableFromTable = (w: ListWhere) => !w.search && !isReviewFilter(w.status);

function countWhere(w: Omit<ListWhere, 'search'>, v: FilterValue = asValue): SQL | undefined {
  return and(
    w.brandId !== undefined ? eq(patternCounts.brandId, v('brandId', w.brandId)) : undefined,
    w.status ? eq(patternCounts.status, v('status', w.status)) : undefined,
    w.type ? eq(patternCounts.type, v('type', w.type)) : undefined,
    w.fabric ? eq(patternCounts.fabric, v('fabric', w.fabric)) : undefined,
    w.printable ? eq(patternCounts.printable, v('printable', w.printable)) : undefined,
  );
}

/**
 * A review filter (In review, Changes requested) finds the patterns of that status, which the
 * count table counts, and the patterns of another status whose edit is in that state: these few
 * are read through the partial index on edit_status. The two sets do not overlap, so their counts
 * add up to the filter's exact total without counting its rows (1,000,000 patterns on PostgreSQL:
 * 88 ms a first page when every match was counted, issue 15).
 */
function editOnlyWhere(w: Omit<ListWhere, 'search'>): SQL {
  const s = w.status;
  if (!isReviewFilter(s)) throw new Error('not a review filter');
  return and(
    whereOf({ ...w, status: undefined }),
    eq(patterns.editStatus, s),
    ne(patterns.SFCC_Status, s),
  )!;
}

export interface BrandSegment {
  brandId: number;
  n: number;
}

/** Rows per brand, in brand-name order: the brand sort reads the page from these segments. */
export async function brandSegments(
  db: DbOrTx,
  w: ListWhere,
  dir: SortDirection,
): Promise<BrandSegment[]> {
  const o = dir === 'asc' ? asc : desc;
  if (!w.search && isReviewFilter(w.status)) {
    // The count table's segments of that status, with the patterns whose edit is in it.
    const d = dir === 'asc' ? sql`asc` : sql`desc`;
    const res = await db.execute<{ brandId: number; n: number }>(sql`
      select s.brand_id as "brandId", sum(s.n)::int as n from (
        select ${patternCounts.brandId} as brand_id, ${patternCounts.n} as n from ${patternCounts} where ${countWhere(w)}
        union all
        select ${patterns.brandId}, 1 from ${patterns} where ${editOnlyWhere(w)}
      ) s inner join ${brands} on ${brands.id} = s.brand_id
      group by s.brand_id, ${brands.name} having sum(s.n) > 0
      order by ${brands.name} ${d}, s.brand_id ${d}`);
    return res.rows.map((r) => ({ brandId: Number(r.brandId), n: Number(r.n) }));
  }
  if (!countableFromTable(w)) {
    return db
      .select({ brandId: patterns.brandId, n: sql<number>`count(*)::int` })
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(whereOf(w))
      .groupBy(patterns.brandId, brands.name)
      .orderBy(o(brands.name), o(patterns.brandId));
  }
  return db
    .select({ brandId: patternCounts.brandId, n: sql<number>`sum(${patternCounts.n})::int` })
    .from(patternCounts)
    .innerJoin(brands, eq(brands.id, patternCounts.brandId))
    .where(countWhere(w))
    .groupBy(patternCounts.brandId, brands.name)
    .having(sql`sum(${patternCounts.n}) > 0`)
    .orderBy(o(brands.name), o(patternCounts.brandId));
}

/** IDs of one page: read from the index alone where it can (a deep offset skips index entries, not rows). */
export async function pageIds(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  offset: number,
  limit: number,
): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(where)
    .orderBy(order)
    .offset(inlineCount(offset))
    .limit(inlineCount(limit));
  return rows.map((r) => r.id);
}

/** A search of at most this many matches reads its page from their IDs (`searchPage`). */
const FEW_MATCHES = 500;

/**
 * A search's page with its rows, and its total, in two statements. First the matches are counted
 * (at most cap + 1 of them: from the words that hold the term, `countByWords`, when it has no
 * space; otherwise through the trigram index), with the first FEW_MATCHES of their IDs
 * and, for more, the size of the scope the page is read from (the user's brand, or every brand;
 * from the count table). Then the page's rows:
 *
 * - **few** matches (at most FEW_MATCHES) — the rows of the IDs the count read, sorted: no second
 *   trigram scan (the one-row search's cost is that scan: trigrams every Pattern ID has);
 * - **dense** matches (past the cap, or when the sort index walked from the top meets the page
 *   sooner than the matches would all be read: n² ≥ (offset + limit) × scope) — the sort index is
 *   walked and each row tested (`searchTest`, which the trigram index cannot serve): a broad
 *   term's first page reads about 500 rows for 25 instead of sorting all 5,000 matches (issue 15);
 * - otherwise the matches are read through the trigram index again, fenced (`materialized`), and
 *   sorted: left to itself, the planner walked a sort index for rare terms too, and read every row
 *   (98 ms instead of 6 ms at 100,000 rows).
 *
 * Each statement is built once per shape (`kept`: which filters are set, the term's kind, the
 * order, and for the pages the offset and size) with the filters and the term as placeholders,
 * read so that every run is planned alike (list.query.ts `searchPlaceholders`): neither drizzle
 * nor the planner works again per search. Pages past the first few are built each time, as plain
 * pages are (their offsets are many).
 *
 * The brand sort (its order reads the brand's name, which no pattern index holds) never walks
 * unless the matches are past the cap. Up to the cap the total is exact; past it, it is the cap, a
 * lower bound (`capped`).
 */
export async function searchPage(
  db: DbOrTx,
  w: ListWhere & { search: string },
  sort: PatternSortKey,
  dir: SortDirection,
  offset: number,
  limit: number,
  cap: number,
): Promise<{ rows: ListRowRecord[]; total: number; capped: boolean }> {
  const byBrandName = sort === 'brand';
  const keys = orderKeys(sort, dir);
  const kind = searchKind(w.search);
  const shape = `${filterShape(w)}|${kind}`;
  const values = { ...filterValues(w), ...searchValues(w.search) };
  const match = () =>
    and(whereOf({ ...w, search: undefined }, asPlaceholder), searchMatch(kind, searchPlaceholders));
  // A term without a space is counted from the words that hold it, unless they are too many.
  const byWord = countableByWords(w, kind)
    ? await kept(db, `search_count_words|${shape}|${cap}`, () =>
        countByWords(db, w, kind, cap),
      ).execute(values)
    : undefined;
  const counted =
    byWord && Number(byWord[0]?.words) <= MAX_WORDS
      ? byWord
      : await kept(db, `search_count|${shape}|${cap}`, () =>
          countMatches(
            db,
            db
              .select({ id: patterns.ID })
              .from(patterns)
              .where(match())
              .limit(inlineCount(cap + 1))
              .as('s'),
            w,
          ),
        ).execute(values);
  const c = counted[0];
  const n = Number(c?.n ?? 0);
  const total = Math.min(n, cap);
  const capped = n > cap;
  if (offset >= n) return { rows: [], total, capped };
  // The rows where `cond`, in the order (this page of them unless `cond` picks the page itself):
  // the statement of `way`, kept for the first pages.
  const page = (
    way: string,
    cond: () => SQL | undefined,
    v: Record<string, unknown>,
    paged = true,
  ) =>
    keptRows(
      db,
      offset < KEPT_OFFSETS ? `search_${way}|${sort}|${dir}|${offset}|${limit}` : undefined,
      () => {
        const q = db
          .select(listRowColumns)
          .from(patterns)
          .innerJoin(brands, eq(brands.id, patterns.brandId))
          .where(cond())
          .orderBy(orderSql(keys));
        return paged ? q.offset(inlineCount(offset)).limit(inlineCount(limit)) : q;
      },
    ).execute(v);
  if (!capped && n <= FEW_MATCHES) {
    // The IDs in a subquery too (as the term, list.query.ts `searchPlaceholders`): with their
    // value in sight, the planner made a custom plan for every run.
    const cond = () => sql`${patterns.ID} = any((select ${sql.placeholder('few')}::int[])::int[])`;
    return { rows: await page('few', cond, { few: c!.few }), total, capped };
  }
  if (capped || (!byBrandName && n * n >= (offset + limit) * Number(c?.scope ?? 0))) {
    const cond = () =>
      and(
        whereOf({ ...w, search: undefined }, asPlaceholder),
        searchTest(kind, searchPlaceholders),
      );
    return { rows: await page(`dense|${shape}`, cond, values), total, capped };
  }
  const inner = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = sql.join(
    keys.map((k, i) => sql`${sql.raw(`m.k${i}`)} ${k.dir === 'asc' ? sql`asc` : sql`desc`}`),
    sql`, `,
  );
  // The brand's row only when the order reads its name: every pattern has a brand (not null, a
  // foreign key), so the join never drops a match, and without it the statement reads less.
  const from = byBrandName
    ? sql`${patterns} inner join ${brands} on ${brands.id} = ${patterns.brandId}`
    : sql`${patterns}`;
  const sorted = () =>
    sql`${patterns.ID} in (with m as materialized (select ${patterns.ID} as id, ${inner} from ${from} where ${match()})
      select m.id from m order by ${order} offset ${inlineCount(offset)} limit ${inlineCount(limit)})`;
  return { rows: await page(`sorted|${shape}`, sorted, values, false), total, capped };
}

/** A search reads its matches from pattern_words when its term is in at most this many words. */
const MAX_WORDS = 64;

/**
 * Whether a search may count its matches from `pattern_words`: a term of three characters or
 * more without a space (each match then holds it within one word of its text), and no filter
 * but the brand (which the words carry). Other searches count through the trigram index.
 */
const countableByWords = (w: ListWhere, kind: SearchKind) =>
  kind !== 'short' && !w.search?.includes(' ') && /^b?$/.test(filterShape(w));

/**
 * A search's count from the words that hold its term (`countMatches`, with `words`: how many words
 * hold it, at most MAX_WORDS + 1). The words are found in `search_vocab` through its trigram index
 * (short rows, one a word: each Pattern ID and the names' words, not every pattern's whole text).
 * One word ("jacket"): the matches are counted from `pattern_word_counts` (a row a brand), and
 * their IDs read from pattern_words' key only when they are FEW_MATCHES or fewer. Several words:
 * their patterns in the scope are read from pattern_words' key alone, at most cap + 1, each once
 * (`distinct`: a pattern may hold two of them, "gilet gilets"). Each way's guard is decided before
 * it runs. Past MAX_WORDS nothing is read (`searchPage` then counts through the trigram index).
 */
function countByWords(db: DbOrTx, w: ListWhere, kind: SearchKind, cap: number) {
  const v = db
    .select({ word: searchVocab.word })
    .from(searchVocab)
    .where(searchMatch(kind, searchPlaceholders, searchVocab.word))
    .limit(inlineCount(MAX_WORDS + 1))
    .as('v');
  const k = db.$with('k').as(
    db
      .select({
        n: sql<number>`count(*)::int`.as('n'),
        list: sql<string[]>`array_agg(${v.word})`.as('list'),
      })
      .from(v),
  );
  const words = sql<number>`(select ${k.n} from ${k})`;
  const list = sql`(select ${k.list} from ${k})::text[]`;
  const inBrand = (column: AnyColumn) =>
    w.brandId !== undefined ? eq(column, sql.placeholder('brandId')) : undefined;
  const inScope = (guard: SQL) =>
    and(guard, sql`${patternWords.word} = any(${list})`, inBrand(patternWords.brandId));
  const c = db.$with('c').as(
    db
      .select({ n: sql<number>`coalesce(sum(${patternWordCounts.n}), 0)::int`.as('n') })
      .from(patternWordCounts)
      .where(
        and(
          sql`${words} = 1`,
          sql`${patternWordCounts.word} = any(${list})`,
          inBrand(patternWordCounts.brandId),
        ),
      ),
  );
  const one = sql<number>`(select ${c.n} from ${c})`;
  const s = db
    .selectDistinct({ id: patternWords.patternId })
    .from(patternWords)
    .where(inScope(sql`${words} between 2 and ${inlineCount(MAX_WORDS)}`))
    .limit(inlineCount(cap + 1))
    .as('s');
  const oneIds = sql<string>`(select array_agg(${patternWords.patternId})::text from ${patternWords} where ${inScope(sql`${one} <= ${inlineCount(FEW_MATCHES)}`)})`;
  return countMatches(db, s, w, {
    ctes: [k, c],
    words,
    n: sql<number>`case when ${words} = 1 then ${one} else count(*)::int end`,
    few: sql<string>`case when ${words} = 1 then ${oneIds} else ${fewOf(s)} end`,
  });
}

/** The first FEW_MATCHES IDs of the matches `s`, as an array's text. */
const fewOf = (s: { id: AnyColumn }) =>
  sql<string>`((array_agg(${s.id}))[1:${inlineCount(FEW_MATCHES)}])::text`;

/**
 * A search's count statement over its matches `s` (at most cap + 1 IDs): their number, the first
 * FEW_MATCHES of their IDs, and, for more, the size of the scope (`searchPage`). Counted from
 * words, `vocab` gives the statement's CTEs, the number of words holding the term (0 otherwise)
 * and the number and IDs when they are not read from `s`.
 */
function countMatches(
  db: DbOrTx,
  s: Subquery<'s', { id: unknown }> & { id: AnyColumn },
  w: ListWhere,
  vocab?: { ctes: WithSubquery[]; words: SQL<number>; n: SQL<number>; few: SQL<string> },
) {
  const scopeWhere = countWhere({ brandId: w.brandId }, asPlaceholder);
  const n = vocab?.n ?? sql<number>`count(*)::int`;
  // The IDs stay text ('{1,2,…}'): they go back as one parameter, never read here. The scope is
  // summed only for more matches than FEW_MATCHES (a subquery in a CASE runs when it is
  // reached): the count table's rows cost about as much as a one-row search's page.
  return (vocab ? db.with(...vocab.ctes) : db)
    .select({
      words: vocab?.words ?? sql<number>`0`,
      n,
      few: vocab?.few ?? fewOf(s),
      scope: sql<
        number | null
      >`case when ${n} > ${inlineCount(FEW_MATCHES)} then (select coalesce(sum(${patternCounts.n}), 0)::int from ${patternCounts}${scopeWhere ? sql` where ${scopeWhere}` : sql``}) end`,
    })
    .from(s);
}

/** Where a pattern stands in a column order, if it is in `brandId` (a user's scope) or any brand (null). */
export async function positionOf(
  db: DbOrTx,
  sort: ColumnSortKey,
  id: number,
  brandId: number | null,
): Promise<SortPosition | undefined> {
  const [row] = await db
    .select({ id: patterns.ID, key: keyText(sort) })
    .from(patterns)
    .where(
      and(
        eq(patterns.ID, id),
        live(),
        brandId === null ? undefined : eq(patterns.brandId, brandId),
      ),
    );
  return row;
}

const listColumns = {
  ID: patterns.ID,
  SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
  Pattern_Name: patterns.Pattern_Name,
  brandId: patterns.brandId,
  brandName: brands.name,
  Type: patterns.Type,
  Gender: patterns.Gender,
  Price: patterns.Price,
  Fabric_type: patterns.Fabric_type,
  Is_Printable: patterns.Is_Printable,
  SFCC_Status: patterns.SFCC_Status,
  editStatus: patterns.editStatus,
  IS_SFCC_TESTING: patterns.IS_SFCC_TESTING,
  updatedAt: patterns.updatedAt,
};

/**
 * A list row: its columns and the main hero photo with thumbnails, kept on the row by triggers
 * (migration 0010), so a page of 100 rows reads it with them instead of probing pattern_files and
 * file_checks per row.
 */
const listRowColumns = { ...listColumns, heroFileId: patterns.heroFileId };

/** The page's rows with their brand name (one join, no query per row), in the order of `ids`. */
export async function rowsByIds(db: DbOrTx, ids: number[]): Promise<ListRowRecord[]> {
  if (ids.length === 0) return [];
  const rows = await arrayRowsStatement(
    db,
    db
      .select(listRowColumns)
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(inArray(patterns.ID, ids)),
  ).execute({});
  const byId = new Map(rows.map((r) => [r.ID, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A list row as read (`arrayRowsStatement`: its update time the database's text). */
export type ListRowRecord = Omit<FoundRow, 'total' | 'version'>;

/**
 * A page's rows read in one statement with its ids (`where … order by … offset … limit`), and,
 * given `counted`, the total and the list version in the same round trip (issue 15: one
 * statement for a first page instead of three). The total is missing when the page is empty.
 */
export async function pageRows(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  offset: number,
  limit: number,
  counted?: Omit<ListWhere, 'search'>,
): Promise<PageRows> {
  if (limit <= 0) return { rows: [] };
  return readPageRows(
    await arrayRowsStatement(
      db,
      pageRowsQuery(db, where, order, offset, limit, counted && { where: countWhere(counted) }),
    ).execute({}),
  );
}

interface PageRows {
  rows: ListRowRecord[];
  total?: number;
  version?: string;
}

function pageRowsQuery(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  offset: number,
  limit: number,
  /** The total's filter, when the total is read with the page. */
  counted?: { where: SQL | undefined },
) {
  const cw = counted?.where;
  const total = counted
    ? sql<number>`(select coalesce(sum(${patternCounts.n}), 0)::int from ${patternCounts} ${cw ? sql`where ${cw}` : sql``})`
    : sql<null>`null`;
  const version = counted
    ? sql<string>`(select last_value::text from pattern_list_version)`
    : sql<null>`null`;
  const ids = db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(where)
    .orderBy(order)
    .offset(inlineCount(offset))
    .limit(inlineCount(limit));
  return db
    .select({ ...listRowColumns, total, version })
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(inArray(patterns.ID, ids))
    .orderBy(order);
}

type FoundRow = TextDates<ReturnType<typeof pageRowsQuery>['_']['result'][number]>;

function readPageRows(found: FoundRow[]): PageRows {
  const first = found[0];
  return {
    // The rows keep their `total` and `version` columns: toListRow reads the list's fields by
    // name, and copying every row without them (object rest) cost more than reading the page.
    rows: found,
    total: first?.total == null ? undefined : Number(first.total),
    version: first?.version == null ? undefined : String(first.version),
  };
}

/** A statement built once and run with its placeholders' values. */
interface Runnable<T> {
  execute(v: Record<string, unknown>): Promise<T>;
}
/** Kept statements by database and shape (first or far page, a search's count or page…). */
const keptStatements = new WeakMap<object, Map<string, Runnable<unknown>>>();
const MAX_KEPT_SHAPES = 500;
/** A search's page statements are kept for offsets below this (its first pages, as plain pages'). */
const KEPT_OFFSETS = 100;

/**
 * The statement of `key`, built by `build` on first use and then kept (at most MAX_KEPT_SHAPES per
 * database, the oldest dropped). One name per shape, the same in every process: a statement built
 * again after being dropped reuses the name (and the text) PostgreSQL already holds. Without a key,
 * or in a transaction, it is built for this run alone.
 */
function kept<T>(
  db: DbOrTx,
  key: string | undefined,
  build: () => {
    prepare(name: string): Runnable<T>;
    execute(v: Record<string, unknown>): Promise<T>;
  },
): Runnable<T> {
  return keep(db, key, (name) => {
    const b = build();
    return name === undefined ? b : b.prepare(name);
  });
}

/** `kept` for a statement of list rows, read in array mode (`arrayRowsStatement`). */
function keptRows<R>(
  db: DbOrTx,
  key: string | undefined,
  build: () => ArraySelect<R>,
): Runnable<TextDates<R>[]> {
  return keep(db, key, (name) => arrayRowsStatement(db, build(), name));
}

/** What `kept` and `keptRows` share: the statement of `key`, made (under its name) once per database. */
function keep<T>(
  db: DbOrTx,
  key: string | undefined,
  make: (name?: string) => Runnable<T>,
): Runnable<T> {
  if (key === undefined || isTransaction(db)) return make();
  let shapes = keptStatements.get(db);
  if (!shapes) keptStatements.set(db, (shapes = new Map()));
  let statement = shapes.get(key) as Runnable<T> | undefined;
  if (!statement) {
    if (shapes.size >= MAX_KEPT_SHAPES) shapes.delete(shapes.keys().next().value!);
    statement = make(`list_${key.replace(/[^a-zA-Z0-9]+/g, '_')}`);
    shapes.set(key, statement as Runnable<unknown>);
  }
  return statement;
}

/**
 * `pageRows` with its total, for the first pages of a column sort without a search: the statement
 * is built once per shape — which filters are set, the order, the offset and the page size — with
 * the filters' values as placeholders, and then run with the values. drizzle no longer builds the
 * SQL on every request (about 0.15 ms of CPU for this statement), and on PostgreSQL the statement
 * is prepared once per connection under its name. Inside a transaction it is built for that run
 * alone (`kept`).
 */
export async function firstPageRows(
  db: DbOrTx,
  w: Omit<ListWhere, 'search'>,
  sort: ColumnSortKey,
  dir: SortDirection,
  offset: number,
  limit: number,
): Promise<PageRows> {
  if (limit <= 0) return { rows: [] };
  const statement = keptRows(db, `first|${filterShape(w)}|${sort}|${dir}|${offset}|${limit}`, () =>
    pageRowsQuery(db, whereOf(w, asPlaceholder), orderOf(sort, dir), offset, limit, {
      where: countWhere(w, asPlaceholder),
    }),
  );
  return readPageRows(await statement.execute(filterValues(w)));
}

/**
 * A far page read from a held anchor (list-anchors.ts `heldAnchorFor`) with its total and the
 * list version, built once per shape as first pages are: the anchor's key and ID are placeholders,
 * the rows to skip after it (a few values per page size) part of the shape. For a sort whose key
 * is never empty (the anchored sorts).
 */
export async function farPageRows(
  db: DbOrTx,
  w: Omit<ListWhere, 'search'>,
  sort: ColumnSortKey,
  dir: SortDirection,
  from: SortPosition,
  skip: number,
  limit: number,
): Promise<PageRows> {
  if (limit <= 0) return { rows: [] };
  const statement = keptRows(db, `far|${filterShape(w)}|${sort}|${dir}|${skip}|${limit}`, () => {
    const range = anchorRange(sort, dir);
    return pageRowsQuery(
      db,
      and(whereOf(w, asPlaceholder), range.where),
      range.order,
      skip,
      limit,
      {
        where: countWhere(w, asPlaceholder),
      },
    );
  });
  return readPageRows(
    await statement.execute({ ...filterValues(w), anchorKey: from.key, anchorId: from.id }),
  );
}

const exportColumns = {
  ...listColumns,
  Technical_Details: patterns.Technical_Details,
  Pattern_Description: patterns.Pattern_Description,
  Fabric_Recommendation: patterns.Fabric_Recommendation,
  Notion: patterns.Notion,
  Suitable_For: patterns.Suitable_For,
  is_Subscribable: patterns.is_Subscribable,
  Pattern_Fit: patterns.Pattern_Fit,
  reviewedAt: patterns.reviewedAt,
  publishedAt: patterns.publishedAt,
  createdAt: patterns.createdAt,
};

/** One batch of the CSV export, with each row's sort key as text so the next batch starts right after it. */
export async function exportBatch(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  limit: number,
  key: SQL<string | null>,
) {
  return db
    .select({ ...exportColumns, sortKey: key })
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(where)
    .orderBy(order)
    .limit(limit);
}
export type ExportRecord = Awaited<ReturnType<typeof exportBatch>>[number];
