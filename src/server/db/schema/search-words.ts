import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The words of each pattern's searched text (`patterns.search_text` split at its spaces), kept
 * exact by triggers on `patterns` (migration 0012), with the pattern's brand. A term without a
 * space is in a pattern's text exactly when it is in one of its words, so a search counts its
 * matches here, read from this index alone, instead of rechecking every candidate row of the
 * trigram index (list-search.repo.ts `searchPage`; docs/decisions/002-pattern-list-at-scale.md).
 * No foreign key: the triggers remove a pattern's words with it (by this key, from the old row).
 */
export const patternWords = pgTable(
  'pattern_words',
  {
    word: text('word').notNull(),
    brandId: integer('brand_id').notNull(),
    patternId: integer('pattern_id').notNull(),
  },
  (t) => [primaryKey({ name: 'pattern_words_pk', columns: [t.word, t.brandId, t.patternId] })],
);

/**
 * Every word `pattern_words` has held, once: a search finds the words holding its term here
 * (through the trigram index, a few thousand short rows instead of every pattern's text). Words
 * are added by the same triggers and never removed (a word no pattern holds any longer matches no
 * pattern_words row): removing one safely would race a concurrent insert of the same word.
 */
export const searchVocab = pgTable('search_vocab', { word: text('word').primaryKey() }, (t) => [
  index('search_vocab_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * How many patterns of a brand hold each word, kept exact by the same triggers (migration 0012):
 * a term held by one word is counted from these few rows (one a brand) instead of reading every
 * match's key in `pattern_words` (list-search.repo.ts `countByWords`). A count may stay at 0.
 */
export const patternWordCounts = pgTable(
  'pattern_word_counts',
  {
    word: text('word').notNull(),
    brandId: integer('brand_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'pattern_word_counts_pk', columns: [t.word, t.brandId] })],
);
