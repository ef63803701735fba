import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { patterns } from '../../db/schema/patterns';
import { escapeLike, preFold, searchFold } from '../../lib/search-fold';

// A search's term as SQL: its kind, its match through the indexes, and its values or placeholders.

/** The searched text, folded (`search_fold`: no accents, lowercase; a generated column with its trigram index). */
const searchText = patterns.searchText;

/**
 * How a search's term is matched (`searchMatch`): **short** (one or two characters: a start of
 * word), **whole** (its LIKE pattern through the trigram index is exact), or **narrowed** (the
 * index narrows it by its words, `trigramPattern`, and each candidate is tested whole).
 */
export type SearchKind = 'short' | 'whole' | 'narrowed';

export function searchKind(typed: string): SearchKind {
  const term = preFold(typed);
  if (term.length < 3) return 'short';
  return trigramPattern(term) === `%${escapeLike(term)}%` ? 'whole' : 'narrowed';
}

/**
 * The LIKE pattern that narrows a search of three characters or more through the trigram index:
 * the term's words (runs of letters and digits) in order, `%w1%w2%`, when one of them has three
 * characters or more. Every text holding the term matches it (the exact test is `strpos`, in
 * `searchMatch`); it leaves out the trigrams of the words' edges, which are the common ones: every
 * Pattern ID "PP-00…" has the edge trigrams of "pp-0051234", and reading their index entries made
 * a one-row search 15× slower (1.7 ms instead of 0.11 ms on PostgreSQL at 100,000 rows, issue 15).
 * A term without such a word (a b c) keeps its own pattern, edges and all.
 */
export function trigramPattern(term: string): string {
  const words = term.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((w) => w.length >= 3) ? `%${words.join('%')}%` : `%${escapeLike(term)}%`;
}

/**
 * A search's values: the term (its marks removed, `preFold`), and the LIKE patterns of
 * `searchMatch`; the database folds them further as it folds the searched text.
 */
export function searchValues(typed: string): Record<'term' | 'like' | 'like2', string> {
  const term = preFold(typed);
  if (searchKind(term) !== 'short') return { term, like: trigramPattern(term), like2: '' };
  const t = escapeLike(term);
  return { term, like: `${t}%`, like2: `% ${t}%` };
}

/** How a search's value enters the SQL, folded as the column is (by the database's `search_fold`). */
export type SearchValue = (name: keyof ReturnType<typeof searchValues>) => SQL;

/** The term's values as parameters of this statement. */
export function searchValuesOf(term: string): SearchValue {
  const values = searchValues(term);
  return (name) => searchFold(sql`${values[name]}`);
}

/**
 * The term's values as placeholders (a statement built once per shape, list.repo.ts
 * `searchPage`), each read in a subquery, `(select search_fold($n))`: the planner then plans every run
 * alike, whatever the term, and PostgreSQL keeps the statement's generic plan after five runs.
 * With the value in sight it kept planning each search anew (a custom plan looks cheaper for a
 * rare term), 0.5–1.5 ms of PGlite's CPU a search (issue 15). The searches pick their way by the
 * count they read first, not by the planner's estimates.
 */
export const searchPlaceholders: SearchValue = (name) =>
  sql`(select ${searchFold(sql.placeholder(name))})`;

/**
 * Substring of Pattern ID or name, accents and case ignored (both folded), narrowed through the trigram index
 * (`trigramPattern`) and tested exactly. A trigram index cannot narrow one or two characters, so
 * such short terms match the start of the Pattern ID or of a word of the name. `text` is the
 * searched column (a pattern's search text, or a word of `search_vocab`).
 */
export function searchMatch(kind: SearchKind, v: SearchValue, text: SQLWrapper = searchText): SQL {
  if (kind === 'short') return sql`(${text} LIKE ${v('like')} OR ${text} LIKE ${v('like2')})`;
  if (kind === 'whole') return sql`${text} LIKE ${v('like')}`;
  return sql`(${text} LIKE ${v('like')} AND strpos(${text}, ${v('term')}) > 0)`;
}

/** `searchMatch` with the term's values in the statement. */
export const searchCondition = (term: string): SQL =>
  searchMatch(searchKind(term), searchValuesOf(term));

/**
 * The same rows as `searchMatch` by a test the trigram index cannot serve (a substring, or a start
 * of word, by position): a statement that walks a sort index and tests each row (a dense search's
 * page) then always does, whatever the planner would guess of the term.
 */
export function searchTest(kind: SearchKind, v: SearchValue): SQL {
  if (kind !== 'short') return sql`strpos(${searchText}, ${v('term')}) > 0`;
  return sql`(starts_with(${searchText}, ${v('term')}) OR strpos(${searchText}, ' ' || ${v('term')}) > 0)`;
}
