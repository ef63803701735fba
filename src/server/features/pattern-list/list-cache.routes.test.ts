import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { PATTERN_LIST_PATHS, type PatternListRow } from '../../../shared/contracts/pattern-list';
import { patterns } from '../../db/schema/patterns';
import { seedPattern } from '../patterns/detail.fixtures';

/**
 * The list's answers kept on the embedded database (list-cache.ts): a read asked again while no
 * data changed is answered without a statement, with the same bytes; any change is seen by the
 * next read; each caller's answer is their own. On PostgreSQL every read asks the database.
 */
describe(`My Patterns: answers kept while nothing changes (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let kwik: TestUser;
  let butterick: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    kwik = await createUser(t, { brand: 'kwik-sew' });
    butterick = await createUser(t, { brand: 'butterick' });
    await seedPattern(t, { brand: 'kwik-sew', name: 'Kwik jacket' });
    await seedPattern(t, { brand: 'butterick', name: 'Butterick skirt' });
  });
  afterAll(() => t.close());

  const url = `${PATTERN_LIST_PATHS.list}?pageSize=50`;
  const read = async (user: TestUser) => {
    const res = await t.app.inject({ url, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const names = (body: string) =>
    (JSON.parse(body).data as PatternListRow[]).map((r) => r.Pattern_Name).sort();
  /**
   * The statements a read hands the database client, past its session's look-up (counted at the
   * client: drizzle logs a kept statement only when it builds it).
   */
  const sentBy = async (user: TestUser) => {
    const client = t.deps.database.db.$client as unknown as {
      query: (text: string | { text: string }, ...rest: unknown[]) => Promise<unknown>;
    };
    const query = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, text, ...rest) {
      sent.push(typeof text === 'string' ? text : text.text);
      return query.call(this, text, ...rest);
    };
    try {
      const { body } = await read(user);
      return { body, sent: sent.filter((q) => !/from "sessions"/.test(q)) };
    } finally {
      client.query = query;
    }
  };

  it('answers a read asked again without a statement on PGlite, with the same bytes; asks every time on PostgreSQL', async () => {
    const first = await sentBy(admin);
    expect(first.sent.length).toBeGreaterThan(0);
    if (dbKind === 'pglite') {
      // A new session's first answer notes it as seen (a write), after the answer: then it stands.
      await vi.waitFor(async () => expect((await sentBy(admin)).sent).toEqual([]));
      const again = await sentBy(admin);
      expect(again.sent).toEqual([]);
      expect(again.body).toBe(first.body);
    } else {
      const again = await sentBy(admin);
      expect(again.sent).toHaveLength(first.sent.length);
      expect(again.body).toBe(first.body);
    }
    const res = await read(admin);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sees any change at the next read', async () => {
    await read(admin);
    const db = t.deps.database.db;
    await db
      .update(patterns)
      .set({ Pattern_Name: 'Kwik coat' })
      .where(eq(patterns.Pattern_Name, 'Kwik jacket'));
    const after = await sentBy(admin);
    expect(after.sent.length).toBeGreaterThan(0);
    expect(names(after.body)).toEqual(['Butterick skirt', 'Kwik coat']);
    // A pattern added through the API's own road is seen too.
    await seedPattern(t, { brand: 'butterick', name: 'Butterick dress' });
    expect(names((await read(admin)).body)).toEqual([
      'Butterick dress',
      'Butterick skirt',
      'Kwik coat',
    ]);
  });

  it('keeps each caller’s answer their own: role and brand', async () => {
    const all = names((await read(admin)).body);
    expect(names((await read(kwik)).body)).toEqual(['Kwik coat']);
    expect(names((await read(butterick)).body)).toEqual(['Butterick dress', 'Butterick skirt']);
    expect(names((await read(admin)).body)).toEqual(all);
    expect(names((await read(kwik)).body)).toEqual(['Kwik coat']);
  });
});
