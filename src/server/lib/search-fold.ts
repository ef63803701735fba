import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// Every search ignores accents and case the same way on both databases (issue 48 item 7;
// docs/product-decisions.md, "Search"): the text searched and the term typed both go through the
// database's `search_fold` (migration 0031: NFKD, combining marks removed, lowercased, "ß" → "ss").

/** The combining marks `search_fold` removes (its regular expression, the same ranges). */
const MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** `expr` folded for search in SQL. */
export const searchFold = (expr: SQLWrapper): SQL => sql`search_fold(${expr})`;

/**
 * A term's first steps of the folding, here: its compatibility forms decomposed and its marks
 * removed before a LIKE pattern is escaped from it, so nothing the database's folding does later
 * turns into a wildcard ("﹪" is "%" once decomposed). `search_fold` of the result is that of the term.
 */
export const preFold = (term: string): string => term.normalize('NFKD').replace(MARKS, '');

/** `%`, `_` and `\` searched for literally in a LIKE pattern. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether the folded `text` contains the term: a LIKE on the folded term, `%` and `_` literal. */
export const foldedContains = (text: SQLWrapper, term: string): SQL =>
  sql`${searchFold(text)} like ${searchFold(sql`${`%${escapeLike(preFold(term))}%`}`)}`;
