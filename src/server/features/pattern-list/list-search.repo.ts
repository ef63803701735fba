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
import { KEPT_OFFSETS, kept, keptRows } from './list-kept';
import { listRowColumnsWith, type ListRowRecord } from './list.repo';

// A search's page and its total (the words table or the trigram index).

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
  badge: boolean,
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
      offset < KEPT_OFFSETS
        ? `search_${way}|${sort}|${dir}|${offset}|${limit}|${badge ? 'sf' : ''}`
        : undefined,
      () => {
        const q = db
          .select(listRowColumnsWith(badge))
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
