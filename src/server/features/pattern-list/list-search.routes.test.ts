import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dbKind, type TestApp, type TestUser } from '../../test/helper';
import { live, patterns } from '../../db/schema/patterns';
import type { PatternListResponse } from '../../../shared/contracts/pattern-list';
import { searchCondition, trigramPattern } from './list-search.query';
import { twoBrandList, type ListSeed } from './list.fixtures';

/**
 * The search matches a stored, lowercased copy of Pattern ID and name (`patterns.search_text`, a
 * generated column with the trigram index) with LIKE: a search no longer folds the case of every
 * candidate row (issue 15). The copy must follow every rename, and the search stay case-blind.
 */
describe(`pattern list search on the stored lowercased text (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let ditto: ListSeed[];

  beforeAll(async () => {
    ({ t, admin, ditto } = await twoBrandList(['SRCH', 16], ['SRB', 4]));
  });
  afterAll(() => t.close());

  const search = async (term: string) => {
    const res = await t.app.inject({
      url: '/api/patterns',
      query: { search: term, pageSize: '100' },
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PatternListResponse).data.map((r) => r.SFCC_Pattern_ID);
  };

  it('is case-blind both ways and follows a rename at once', async () => {
    const jackets = ditto
      .filter((r) => /jacket/i.test(r.Pattern_Name))
      .map((r) => r.SFCC_Pattern_ID);
    expect(jackets.length).toBeGreaterThan(0);
    for (const term of ['jacket', 'JACKET', 'jAcKeT'])
      expect((await search(term)).sort()).toEqual(jackets.sort());
    expect(await search('srch-001')).toEqual(['SRCH-001']);

    const [first] = ditto;
    await t.deps.database.db
      .update(patterns)
      .set({ Pattern_Name: 'Quilted GILET Mk2' })
      .where(eq(patterns.ID, first!.ID));
    expect(await search('quilted gilet')).toEqual([first!.SFCC_Pattern_ID]);
    expect(await search('QUILTED')).toEqual([first!.SFCC_Pattern_ID]);
    const [row] = await t.deps.database.db
      .select({ text: patterns.searchText })
      .from(patterns)
      .where(eq(patterns.ID, first!.ID));
    expect(row!.text).toBe(`${first!.SFCC_Pattern_ID} Quilted GILET Mk2`.toLowerCase());
  });

  it('matches terms with separators, LIKE signs and short words exactly (narrowed by their words, then tested whole)', async () => {
    // The trigram index narrows a term by its words in order (`%srch%002%` for "srch-002"); these
    // names hold the words in that order without the term, and must not match.
    const [a, b, c] = ditto.slice(-3);
    const names = ['Srch and 002 Decoy', '50% off_sale Wrap', 'A-B Line Dress'];
    for (const [row, name] of [a, b, c].map((r, i) => [r!, names[i]!] as const))
      await t.deps.database.db
        .update(patterns)
        .set({ Pattern_Name: name })
        .where(eq(patterns.ID, row.ID));
    const texts = await t.deps.database.db
      .select({ id: patterns.SFCC_Pattern_ID, text: patterns.searchText })
      .from(patterns);
    for (const term of [
      'SRCH-002',
      'rch-00',
      'h-0',
      '-003',
      'srch 002',
      '50%',
      '0% off_',
      '_sale',
      'a-b',
      'a-b line',
    ]) {
      const want = texts.filter((r) => r.text!.includes(term.toLowerCase())).map((r) => r.id);
      expect((await search(term)).sort(), term).toEqual(want.sort());
    }
    expect(await search('srch-002')).toEqual(['SRCH-002']);
    expect(await search('srch and 002')).toEqual([a!.SFCC_Pattern_ID]);
  });

  it('narrows a term by its words, leaving out the common trigrams at their edges', () => {
    expect(trigramPattern('PP-0051234')).toBe('%PP%0051234%');
    expect(trigramPattern('dress 123')).toBe('%dress%123%');
    expect(trigramPattern('Größe 38')).toBe('%Größe%38%');
    // No word of three characters: the term itself, its LIKE signs escaped.
    expect(trigramPattern('a b c')).toBe('%a b c%');
    expect(trigramPattern('5%_x')).toBe('%5\\%\\_x%');
  });

  it('reads candidates through the trigram index on the stored text, with no per-row case folding', async () => {
    const db = t.deps.database.db;
    // Every list index is partial on live patterns (migration 0015): on a test's few rows the
    // planner walks any of them whole. They are dropped inside a transaction rolled back after, so
    // the plan shows whether the search itself can be served by the trigram index.
    let plan = '';
    await db
      .transaction(async (tx) => {
        const others = await tx.execute<{ indexname: string }>(
          sql`select indexname from pg_indexes where tablename = 'patterns' and indexname <> 'patterns_search_text_trgm_idx' and indexdef not like '%UNIQUE%'`,
        );
        for (const { indexname } of others.rows)
          await tx.execute(sql.raw(`drop index "${indexname}"`));
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = await tx.execute(
          // As the list asks: live patterns only.
          sql`explain select ${patterns.ID} from ${patterns} where ${searchCondition('jacket')} and ${live()}`,
        );
        plan = res.rows.map((r) => String(Object.values(r)[0])).join('\n');
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
    expect(plan).toContain('patterns_search_text_trgm_idx');
    expect(plan).not.toMatch(/~~\*/); // ILIKE
  });
});
