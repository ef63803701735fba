import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { statementsOf } from '../../test/statements';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { seedPattern } from './detail.fixtures';

/**
 * Issue 50: one save of a pattern's fields (PUT, with If-Match) counted in statements, as
 * create-statements.test.ts counts a create (drizzle's logger, transaction control left out); its
 * time beside Directus' is scripts/bench/bench-import.mjs's "single update", never measured here.
 */
let t: TestApp;
let partner: TestUser;
let ditto: number;
beforeAll(async () => {
  t = await createTestApp({}, { workers: [] }); // no job polls among the counted statements
  partner = await createUser(t, { brand: 'ditto', fullName: 'Pia Partner' });
  ditto = await brandIdBySlug(t, 'ditto');
});
afterAll(() => t.close());

describe(`PUT ${PATTERN_DETAIL_PATHS.detail(':id')}: statements of one save (${dbKind})`, () => {
  it('saves the fields in at most the measured number of statements', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const opened = await t.app.inject({
      url: PATTERN_DETAIL_PATHS.detail(p.id),
      headers: partner.auth,
    });
    const etag = opened.headers.etag as string;
    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const sent = await statementsOf(
      t.deps.database.db,
      async () => {
        res = await t.app.inject({
          method: 'PUT',
          url: PATTERN_DETAIL_PATHS.detail(p.id),
          headers: { ...partner.auth, 'if-match': etag },
          payload: {
            SFCC_Pattern_ID: p.code,
            Pattern_Name: 'Saved once',
            Brand: ditto,
            Type: 'Women Patterns',
            Price: 12.5,
          },
        });
      },
      { withoutTransactionControl: true },
    );
    expect(res!.statusCode, res!.body).toBe(200);
    console.log(`statements for one PUT (${dbKind}): ${sent.length}`);
    // 10 before issue 50, and a savepoint around the write (2 more round trips): the pattern read
    // again after its UPDATE and the activity's brand name looked up. 8 now: the UPDATE answers the
    // row (RETURNING), a partner's brand is the pattern's own, the write is in the save's transaction.
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(8);
  });
});
