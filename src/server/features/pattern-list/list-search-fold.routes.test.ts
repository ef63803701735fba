import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import type { PatternListResponse } from '../../../shared/contracts/pattern-list';
import { twoBrandList, type ListSeed } from './list.fixtures';
import { seedPattern } from '../patterns/detail.fixtures';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';

/**
 * A search ignores accents and case (issue 48 item 7): "Ete" finds "Été", "grosse" and "GRÖSSE"
 * find "Größe". The stored search text and the term are folded by one database function,
 * `search_fold` (migration 0031), so each of the search's ways (by the words table, through the
 * trigram index, a short term's start of word) folds alike.
 */
describe(`pattern list search without accents (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];

  beforeAll(async () => {
    ({ t, admin, partner, ditto } = await twoBrandList(['FOLD', 12], ['FLB', 4]));
    const names = ['Robe Été Légère', 'Größe Jacke', 'Œuvre Blouse', 'Crème Brûlée Coat'];
    for (const [i, name] of names.entries())
      await t.deps.database.db
        .update(patterns)
        .set({ Pattern_Name: name })
        .where(eq(patterns.ID, ditto[i]!.ID));
  });
  afterAll(() => t.close());

  const search = async (term: string, user = admin, query: Record<string, string> = {}) => {
    const res = await t.app.inject({
      url: '/api/patterns',
      query: { search: term, pageSize: '100', ...query },
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PatternListResponse;
    expect(body.totalCountData, term).toBe(body.data.length);
    return body.data.map((r) => r.Pattern_Name);
  };

  it('finds "Été" by "Ete", "ete", "ÉTÉ" and "été", one word or two, for admins and partners', async () => {
    for (const term of ['Ete', 'ete', 'ÉTÉ', 'été', 'e\u0301te\u0301', 'robe ete', 'ETE LEGERE'])
      for (const user of [admin, partner])
        expect(await search(term, user), term).toEqual(['Robe Été Légère']);
    // A short term matches a word's start: accents ignored too.
    expect(await search('Lé')).toEqual(['Robe Été Légère']);
    expect(await search('le')).toEqual(['Robe Été Légère']);
  });

  it('reads "ß" as "ss": "grosse", "GRÖSSE", "Größe" and "gross" find "Größe"', async () => {
    for (const term of ['grosse', 'GRÖSSE', 'Größe', 'GROẞE', 'gross', 'grosse jacke'])
      expect(await search(term), term).toEqual(['Größe Jacke']);
    expect(await search('Œuvre')).toEqual(['Œuvre Blouse']);
    expect(await search('oeuvre')).toEqual(['Œuvre Blouse']);
  });

  it('folds with a filter set and in every sort (the trigram way and the words way agree)', async () => {
    expect(await search('creme brulee', admin, { sort: 'Pattern_Name', dir: 'desc' })).toEqual([
      'Crème Brûlée Coat',
    ]);
    expect(await search('BRULEE', partner, { status: ditto[3]!.SFCC_Status })).toEqual([
      'Crème Brûlée Coat',
    ]);
    expect(await search('brulee', admin, { brand: String(ditto[3]!.Brand) })).toEqual([
      'Crème Brûlée Coat',
    ]);
  });

  it('folds in the published view too (the live versions, version=published)', async () => {
    const p = await seedPattern(t, { name: 'Jupe Éclair Publiée', status: 'in_review' });
    const published = await t.app.inject({
      method: 'POST',
      url: LIFECYCLE_PATHS.publish(p.id),
      headers: admin.auth,
    });
    expect(published.statusCode, published.body).toBe(200);
    for (const term of ['eclair', 'ÉCLAIR', 'jupe eclair publiee'])
      expect(await search(term, admin, { version: 'published' }), term).toEqual([
        'Jupe Éclair Publiée',
      ]);
  });

  it('stores the folded text and its words, and follows a rename', async () => {
    const db = t.deps.database.db;
    const [row] = await db
      .select({ text: patterns.searchText })
      .from(patterns)
      .where(eq(patterns.ID, ditto[1]!.ID));
    expect(row!.text).toBe(`${ditto[1]!.SFCC_Pattern_ID.toLowerCase()} grosse jacke`);
    await db
      .update(patterns)
      .set({ Pattern_Name: 'Ärmel Top' })
      .where(eq(patterns.ID, ditto[1]!.ID));
    expect(await search('armel')).toEqual(['Ärmel Top']);
    expect(await search('grosse')).toEqual([]);
    const words = await db.execute<{ word: string }>(
      sql`select word from pattern_words where pattern_id = ${ditto[1]!.ID}`,
    );
    expect(words.rows.map((r) => r.word).sort()).toEqual(
      [ditto[1]!.SFCC_Pattern_ID.toLowerCase(), 'armel', 'top'].sort(),
    );
  });

  it('keeps "%" literal after folding (a compatibility "﹪" is no wildcard)', async () => {
    // "100﹪" is "100%" once decomposed: it finds the names holding "100%", not "100" and more.
    const percent = ditto.filter((r) => r.Pattern_Name.includes('100%')).map((r) => r.Pattern_Name);
    expect(percent.length).toBeGreaterThan(0);
    expect((await search('100﹪ c')).sort()).toEqual(percent.sort());
    expect(await search('1﹪')).toEqual([]);
  });
});
