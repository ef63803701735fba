import {
  and,
  eq,
  sql,
  type AnyColumn,
  type SQL,
  type Subquery,
  type WithSubquery,
} from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';
import { patternCounts } from '../../db/schema/pattern-counts';
import { patternWordCounts, patternWords, searchVocab } from '../../db/schema/search-words';
import { brands } from '../../db/schema/brands';
import type { PatternSortKey, SortDirection } from '../../../shared/contracts/pattern-list';
import {
  asPlaceholder,
  filterShape,
  filterValues,
  inlineCount,
  whereOf,
  type ListWhere,
  orderKeys,
  orderSql,
} from './list.query';
import {
  searchKind,
  searchMatch,
  searchPlaceholders,
  searchTest,
  searchValues,
  type SearchKind,
} from './list-search.query';
import { countWhere } from './list-count.repo';
import { KEPT_OFFSETS, keptRows } from './list-kept';
import { listRowColumnsWith, type ListRowRecord } from './list.repo';

// A search's page and its total (the words table or the trigram index).

/** A search of at most this many matches reads its page from their IDs (`searchPage`). */
const FEW_MATCHES = 500;

/**
 * A search's page with its rows, and its total, in one statement. Its first part counts the
 * matches (at most cap + 1 of them: from the words that hold the term, `countByWords`, when it has
 * no space; otherwise through the trigram index), with the first FEW_MATCHES of their IDs and, for
 * more, the size of the scope the page is read from (the user's brand, or every brand; from the
 * count table). From that count the same statement picks the page's IDs one way
 * (`searchStatement`):
 *
 * - **few** matches (at most FEW_MATCHES) — the IDs the count read, sorted: no second trigram scan
 *   (the one-row search's cost is that scan: trigrams every Pattern ID has);
 * - **dense** matches (past the cap, or when the sort index walked from the top meets the page
 *   sooner than the matches would all be read: n² ≥ (offset + limit) × scope) — the sort index is
 *   walked and each row tested (`searchTest`, which the trigram index cannot serve): a broad
 *   term's first page reads about 500 rows for 25 instead of sorting all 5,000 matches (issue 15);
 * - otherwise the matches are read through the trigram index again, fenced (`materialized`), and
 *   sorted: left to itself, the planner walked a sort index for rare terms too, and read every row
 *   (98 ms instead of 6 ms at 100,000 rows).
 *
 * A term held by more than MAX_WORDS words is not counted from them: that statement answers no
 * rows and the number of words, and the search runs again counted through the trigram index.
 *
 * Each statement is built once per shape (`keptRows`: which filters are set, the term's kind, how
 * it is counted, the order, the offset and size) with the filters and the term as placeholders,
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
  badge: boolean,
): Promise<{ rows: ListRowRecord[]; total: number; capped: boolean }> {
  const kind = searchKind(w.search);
  const values = { ...filterValues(w), ...searchValues(w.search) };
  const page: SearchPageOf = { w, kind, sort, dir, offset, limit, cap, badge };
  // The statement's name: short enough for PostgreSQL's 63 characters whatever the shape.
  const key = (way: string) =>
    offset < KEPT_OFFSETS
      ? `search_${way}|${filterShape(w)}|${kind[0]}|${cap}|${sort}|${dir}|${offset}|${limit}|${badge ? 'sf' : ''}`
      : undefined;
  // A term without a space is counted from the words that hold it, unless they are too many.
  let found = countableByWords(w, kind)
    ? await keptRows(db, key('w'), () =>
        searchStatement(db, countByWords(db, w, kind, cap), page),
      ).execute(values)
    : undefined;
  if (!found || Number(found[0]?.words) > MAX_WORDS) {
    const byTrigrams = () => {
      const s = db
        .select({ id: patterns.ID })
        .from(patterns)
        .where(
          and(
            whereOf({ ...w, search: undefined }, asPlaceholder),
            searchMatch(kind, searchPlaceholders),
          ),
        )
        .limit(inlineCount(cap + 1))
        .as('s');
      return searchStatement(db, countMatches(db, s, w), page);
    };
    found = await keptRows(db, key('t'), byTrigrams).execute(values);
  }
  const n = Number(found[0]?.n ?? 0);
  // The count's row comes with no pattern when the page is empty (`searchStatement`'s left join);
  // otherwise every row is a pattern's.
  const rows = found[0]?.ID == null ? [] : (found as ListRowRecord[]);
  return { rows, total: Math.min(n, cap), capped: n > cap };
}

/** What `searchStatement` reads: the search, its order and its page. */
interface SearchPageOf {
  w: ListWhere & { search: string };
  kind: SearchKind;
  sort: PatternSortKey;
  dir: SortDirection;
  offset: number;
  limit: number;
  cap: number;
  badge: boolean;
}

/**
 * The statement of `searchPage`: the count (`counted`, one row: words, n, few, scope) as a CTE,
 * the page's IDs picked from it by a CASE (a subquery in a CASE runs only when its branch is
 * reached, so one way is read), and the page's rows joined to the count's row: a left join, so the
 * count's row comes back alone when the page is empty. The rows are sorted by the list's order
 * again (25 rows). Count and page read one snapshot.
 */
function searchStatement(
  db: DbOrTx,
  counted: ReturnType<typeof countMatches>,
  { w, kind, sort, dir, offset, limit, cap, badge }: SearchPageOf,
) {
  const byBrandName = sort === 'brand';
  const keys = orderKeys(sort, dir);
  const cnt = db.$with('cnt').as(counted);
  const filters = () => whereOf({ ...w, search: undefined }, asPlaceholder);
  const match = () => and(filters(), searchMatch(kind, searchPlaceholders));
  // The brand's row only when the order reads its name: every pattern has a brand (not null, a
  // foreign key), so the join never drops a match, and without it the statement reads less.
  const from = byBrandName
    ? sql`${patterns} inner join ${brands} on ${brands.id} = ${patterns.brandId}`
    : sql`${patterns}`;
  const idsWhere = (cond: SQL | undefined) =>
    sql`array(select ${patterns.ID} from ${from} where ${cond} order by ${orderSql(keys)} offset ${inlineCount(offset)} limit ${inlineCount(limit)})`;
  // The count's columns by their table's name (drizzle writes a CTE's fields by their name alone).
  const n = sql.raw('"cnt"."n"');
  const few = idsWhere(sql`${patterns.ID} = any(${sql.raw('"cnt"."few"')}::int[])`);
  const dense = idsWhere(and(filters(), searchTest(kind, searchPlaceholders)));
  const inner = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = sql.join(
    keys.map((k, i) => sql`${sql.raw(`m.k${i}`)} ${k.dir === 'asc' ? sql`asc` : sql`desc`}`),
    sql`, `,
  );
  const sorted = sql`array(with m as materialized (select ${patterns.ID} as id, ${inner} from ${from} where ${match()})
      select m.id from m order by ${order} offset ${inlineCount(offset)} limit ${inlineCount(limit)})`;
  const isDense = byBrandName
    ? sql`${n} > ${inlineCount(cap)}`
    : sql`(${n} > ${inlineCount(cap)} or ${n}::bigint * ${n} >= ${inlineCount(offset + limit)}::bigint * ${sql.raw('"cnt"."scope"')})`;
  const ids = sql`(select case
      when ${n} <= ${inlineCount(offset)} then '{}'::int[]
      when ${n} <= ${inlineCount(Math.min(cap, FEW_MATCHES))} then ${few}
      when ${isDense} then ${dense}
      else ${sorted} end from ${cnt})::int[]`;
  return db
    .with(cnt)
    .select({ ...listRowColumnsWith(badge), n: cnt.n, words: cnt.words })
    .from(cnt)
    .leftJoin(patterns, sql`${patterns.ID} = any(${ids})`)
    .leftJoin(brands, eq(brands.id, patterns.brandId))
    .orderBy(orderSql(keys));
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
      words: (vocab?.words ?? sql<number>`0`).as('words'),
      n: n.as('n'),
      few: (vocab?.few ?? fewOf(s)).as('few'),
      scope: sql<
        number | null
      >`case when ${n} > ${inlineCount(FEW_MATCHES)} then (select coalesce(sum(${patternCounts.n}), 0)::int from ${patternCounts}${scopeWhere ? sql` where ${scopeWhere}` : sql``}) end`.as(
        'scope',
      ),
    })
    .from(s);
}
