import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { brandIdBySlug, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { runsIn } from '../../test/skip';
import { patterns } from '../../db/schema/patterns';
import { PATTERN_TYPES } from '../../../shared/options';
import {
  idsOf,
  listPage,
  allListPages,
  expectedOrder,
  twoBrandList,
  type ListSeed,
} from './list.fixtures';

/**
 * A search whose term has no space counts its matches from the words of each pattern's search
 * text (`pattern_words`, kept by triggers; migration 0012) instead of rechecking every candidate
 * of the trigram index (list-search.repo.ts `searchPage`, issue 15). The words must follow every write,
 * and the totals stay exact whichever way a search is counted.
 */
describe(`pattern list search counted from the words (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];

  beforeAll(async () => {
    // 100 Ditto patterns: "wds-" is in 100 Pattern IDs, more words than a search reads by words.
    ({ t, admin, partner, ditto } = await twoBrandList(['WDS', 100], ['WDB', 30]));
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;

  /** The words table against the words of every pattern's text, computed afresh. */
  async function expectWordsExact() {
    const kept = await db().execute<{ word: string; brand_id: number; pattern_id: number }>(
      sql`select word, brand_id, pattern_id from pattern_words order by 1, 2, 3`,
    );
    const fresh = await db().execute<{ word: string; brand_id: number; pattern_id: number }>(
      sql`select distinct w as word, brand_id, "ID" as pattern_id
          from patterns, unnest(string_to_array(search_text, ' ')) w where w <> '' order by 1, 2, 3`,
    );
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(kept.rows).toEqual(fresh.rows);
    const missing = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pattern_words p where not exists (select 1 from search_vocab v where v.word = p.word)`,
    );
    expect(missing.rows[0]!.n).toBe(0);
    // The counts per word and brand (migration 0012): a word no pattern holds any longer may stay at 0.
    const counts = await db().execute<{ word: string; brand_id: number; n: number }>(
      sql`select word, brand_id, n from pattern_word_counts where n <> 0 order by 1, 2`,
    );
    const counted = await db().execute<{ word: string; brand_id: number; n: number }>(
      sql`select word, brand_id, count(*)::int as n from pattern_words group by 1, 2 order by 1, 2`,
    );
    expect(counts.rows).toEqual(counted.rows);
  }

  const matching = (rows: ListSeed[], term: string) =>
    rows.filter((r) =>
      `${r.SFCC_Pattern_ID} ${r.Pattern_Name}`.toLowerCase().includes(term.toLowerCase()),
    );

  it('keeps the words exact through inserts, renames, brand moves, several-row updates and deletes', async () => {
    await expectWordsExact();
    const [a, b, c, d] = ditto;
    const butterickId = await brandIdBySlug(t, 'butterick');
    await db()
      .update(patterns)
      .set({ Pattern_Name: 'Gilet  gilets  GILET' }) // two spaces: no empty word
      .where(eq(patterns.ID, a!.ID));
    await db().update(patterns).set({ brandId: butterickId }).where(eq(patterns.ID, b!.ID));
    await db()
      .update(patterns)
      .set({ SFCC_Pattern_ID: 'WDS-RENAMED' })
      .where(eq(patterns.ID, c!.ID));
    // An update of other columns leaves the words as they are; one of several rows at once.
    await db()
      .update(patterns)
      .set({ Type: PATTERN_TYPES[0] })
      .where(inArray(patterns.ID, [a!.ID, b!.ID, c!.ID, d!.ID]));
    await db()
      .update(patterns)
      .set({ Pattern_Name: sql`${patterns.Pattern_Name} || ' Extra'` })
      .where(
        inArray(
          patterns.ID,
          ditto.slice(10, 20).map((r) => r.ID),
        ),
      );
    await db().delete(patterns).where(eq(patterns.ID, d!.ID));
    await expectWordsExact();

    // The search sees each write at once.
    const gilets = await listPage(t, admin, { search: 'gilet' });
    expect(idsOf(gilets.data)).toEqual([a!.ID]); // two words hold the term: one row
    expect(gilets.totalCountData).toBe(1);
    expect((await listPage(t, admin, { search: 'extra' })).totalCountData).toBe(10);
    expect((await listPage(t, admin, { search: 'wds-renamed' })).totalCountData).toBe(1);
    expect((await listPage(t, partner, { search: b!.SFCC_Pattern_ID })).totalCountData).toBe(0);
    expect((await listPage(t, admin, { search: b!.SFCC_Pattern_ID })).totalCountData).toBe(1);
    expect((await listPage(t, admin, { search: d!.SFCC_Pattern_ID })).totalCountData).toBe(0);
    // A word no pattern holds any longer stays in search_vocab and matches nothing.
    expect((await listPage(t, admin, { search: c!.SFCC_Pattern_ID })).totalCountData).toBe(0);
  });

  it('gives the exact total and rows for any term, counted by words or through the trigram index', async () => {
    const rows = await db()
      .select({
        ID: patterns.ID,
        SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
        Pattern_Name: patterns.Pattern_Name,
        brandId: patterns.brandId,
      })
      .from(patterns);
    const dittoId = await brandIdBySlug(t, 'ditto');
    // One word, several words (a pattern may hold two of them), more words than are read by
    // words ("wds-": every Ditto Pattern ID), none, a space (the trigram index), LIKE signs.
    for (const term of [
      'jacket',
      'ress',
      'gilet',
      'wds-',
      'wds-0',
      'wdb-01',
      'zzqq',
      'wrap dress',
      '100%',
      'r_s',
    ])
      for (const [user, scope] of [
        [admin, rows],
        [partner, rows.filter((r) => r.brandId === dittoId)],
      ] as const) {
        const want = matching(scope as unknown as ListSeed[], term);
        const got = await allListPages(t, user, { search: term }, 50);
        expect(got.total, `${term} (${user === admin ? 'admin' : 'partner'})`).toBe(want.length);
        expect(new Set(idsOf(got.rows))).toEqual(new Set(want.map((r) => r.ID)));
      }
  });

  it('keeps the order of a search counted by words on every page', async () => {
    const all = await allListPages(
      t,
      admin,
      { search: 'Shirt', sort: 'Pattern_Name', dir: 'asc' },
      10,
    );
    expect(all.total).toBeGreaterThan(10);
    const again = await allListPages(
      t,
      admin,
      { search: 'shirt', sort: 'Pattern_Name', dir: 'asc' },
      100,
    );
    expect(idsOf(all.rows)).toEqual(idsOf(again.rows));
    expect(idsOf(all.rows)).toEqual(
      idsOf(expectedOrder(all.rows as unknown as ListSeed[], 'Pattern_Name', 'asc')),
    );
  });

  it('counts a word many patterns hold from the counts per word, exact, and pages its matches in order', async () => {
    // 700 patterns over two brands whose names hold "manyword" (more than the 500 read by IDs).
    const dittoId = await brandIdBySlug(t, 'ditto');
    const butterickId = await brandIdBySlug(t, 'butterick');
    await db().execute(sql`
      insert into patterns ("SFCC_Pattern_ID", "Pattern_Name", brand_id, updated_at)
      select 'MNY-' || lpad(i::text, 4, '0'), 'Manyword ' || i,
        case when i % 3 = 0 then ${butterickId}::int else ${dittoId}::int end,
        timestamptz '2025-02-01' + make_interval(secs => i % 50)
      from generate_series(1, 700) i`);
    const admins = await allListPages(
      t,
      admin,
      { search: 'manyword', sort: 'updatedAt', dir: 'desc' },
      100,
    );
    expect(admins.total).toBe(700);
    const want = await db().execute<{ ID: number }>(
      sql`select "ID" from patterns where search_text like '%manyword%' order by updated_at desc, "ID" desc`,
    );
    expect(idsOf(admins.rows)).toEqual(want.rows.map((r) => r.ID));
    const partners = await allListPages(
      t,
      partner,
      { search: 'MANYWORD', sort: 'Pattern_Name', dir: 'asc' },
      100,
    );
    expect(partners.total).toBe(700 - Math.floor(700 / 3));
    expect(idsOf(partners.rows)).toEqual(
      idsOf(expectedOrder(partners.rows as unknown as ListSeed[], 'Pattern_Name', 'asc')),
    );
    await db().execute(
      sql`delete from patterns where "SFCC_Pattern_ID" like 'MNY-%' and "ID" % 2 = 0`,
    );
    const left = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from patterns where "SFCC_Pattern_ID" like 'MNY-%'`,
    );
    expect((await listPage(t, admin, { search: 'manyword' })).totalCountData).toBe(left.rows[0]!.n);
    await expectWordsExact();
  });

  it.skipIf(dbKind !== 'pglite')(
    `counts a term without a space from the words, and a term with one through the trigram index${runsIn('api-pglite', dbKind === 'pglite')}`,
    async () => {
      // Runs of the count statements of each kind (every statement the embedded database keeps prepared).
      const counts = async () => {
        const res = await db().execute<{ statement: string; runs: number }>(
          sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
              where statement like '%count(*)%' and statement not like '%pg_prepared_statements%'
                and (statement like '%pattern_words%' or statement like '%"search_text"%')`,
        );
        const runs = { words: 0, trigram: 0 };
        for (const r of res.rows)
          runs[/pattern_words/.test(r.statement) ? 'words' : 'trigram'] += r.runs;
        return runs;
      };
      const before = await counts();
      await listPage(t, admin, { search: 'trousers' });
      const afterWord = await counts();
      expect(afterWord.words).toBe(before.words + 1);
      expect(afterWord.trigram).toBe(before.trigram);
      await listPage(t, admin, { search: 'tailored trousers' });
      const afterSpace = await counts();
      expect(afterSpace.words).toBe(afterWord.words);
      expect(afterSpace.trigram).toBe(afterWord.trigram + 1);
    },
  );
});
