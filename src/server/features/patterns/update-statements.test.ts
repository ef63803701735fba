import { eq, inArray } from 'drizzle-orm';
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
import { PATTERN_DETAIL_MSG, PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import type { FileCheck } from '../../../shared/contracts/preflight';
import { patternFiles } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import { reviewNotes, reviewRequests } from '../../db/schema/review';
import { pdfFileIdOf, photoCheck, seedFile, seedPattern } from './detail.fixtures';

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
    // 10 before issue 50, and a savepoint around the write (2 more round trips). 8 after its first
    // steps: the UPDATE answers the row (RETURNING), a partner's brand is the pattern's own, the write
    // is in the save's transaction. 3 now: one statement locks the row, checks its version and
    // brand, writes it and reads what the answer needs (save.repo.ts `lockAndUpdate`: the locking
    // read and four reads after the write before), then the webhooks' subscribers (ADR 013) and
    // the activity entry.
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3);
  });
});

describe(`PUT ${PATTERN_DETAIL_PATHS.detail(':id')}: the answer (${dbKind})`, () => {
  const pdfCheck = (extra: Partial<Extract<FileCheck, { type: 'pdf' }>> = {}): FileCheck => ({
    type: 'pdf',
    pageCount: 3,
    pageSizes: [{ name: 'A0', home: false, widthMm: 841, heightMm: 1189, pages: 3 }],
    pagesRead: 3,
    layers: 0,
    fontsEmbedded: true,
    printRestricted: false,
    incomplete: null,
    thumbnails: true,
    ...extra,
  });

  it('is byte for byte what the detail read answers after it; it addresses the notes on the changed fields', async () => {
    const db = t.deps.database.db;
    // Two sizes, the second without its PDF (missing), a PDF with warnings and its first page
    // pending, pattern files of every kind (one without a check), a too small hero photo.
    const p = await seedPattern(t, { sizes: 3 });
    await db.delete(patternFiles).where(eq(patternFiles.id, pdfFileIdOf(p, 1)));
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    const more = await seedFile(t, p.id, 'Hero_Images');
    const instructions = await seedFile(t, p.id, 'Instruction_PDF');
    await seedFile(t, p.id, 'Size_Chart');
    await db.insert(fileChecks).values([
      {
        fileId: pdfFileIdOf(p, 0),
        check: pdfCheck({ thumbnails: false, thumbnailsPending: true }),
      },
      { fileId: pdfFileIdOf(p, 2), check: pdfCheck({ printRestricted: true }) },
      { fileId: hero.id, check: { ...photoCheck(true), width: 640, height: 480 } },
      { fileId: more.id, check: photoCheck(false) },
      { fileId: instructions.id, check: pdfCheck({ incomplete: 'time', pagesRead: 1 }) },
    ]);
    // Open notes on a field the save changes and on one it keeps; a closed request's note and a
    // size's note under a field's name are not the save's to address.
    const [open, closed] = await db
      .insert(reviewRequests)
      .values([
        { patternId: p.id, reason: 'Fix the name' },
        { patternId: p.id, reason: 'Earlier', closedAt: new Date() },
      ])
      .returning({ id: reviewRequests.id });
    const note = (requestId: number, targetType: 'field' | 'size', targetKey: string) => ({
      requestId,
      targetType,
      targetKey,
      targetLabel: targetKey,
      text: 'please',
    });
    const notes = await db
      .insert(reviewNotes)
      .values([
        note(open!.id, 'field', 'Pattern_Name'),
        note(open!.id, 'field', 'Price'),
        note(closed!.id, 'field', 'Pattern_Name'),
        note(open!.id, 'size', 'Pattern_Name'),
      ])
      .returning({ id: reviewNotes.id });

    const etag = (
      await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(p.id), headers: partner.auth })
    ).headers.etag as string;
    const saved = await t.app.inject({
      method: 'PUT',
      url: PATTERN_DETAIL_PATHS.detail(p.id),
      headers: { ...partner.auth, 'if-match': etag },
      payload: {
        SFCC_Pattern_ID: p.code,
        Pattern_Name: 'Renamed',
        Brand: ditto,
        Type: 'Women Patterns',
        Price: 12.5,
        Is_Printable: 'Yes',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.app.inject({
      url: PATTERN_DETAIL_PATHS.detail(p.id),
      headers: partner.auth,
    });
    expect(saved.headers.etag).toBe(read.headers.etag);
    expect(saved.body).toBe(
      `${read.body.slice(0, -1)},"message":${JSON.stringify(PATTERN_DETAIL_MSG.updated)}}`,
    );
    // What the answer holds (so that the comparison compares something).
    const data = saved.json().data;
    expect(data.files.map((f: { id: number }) => f.id)).toHaveLength(4);
    expect(data.sizesCount).toBe(3);
    expect(data.missing).toHaveLength(1);
    expect(data.thumbnailsPending).toBe(true);
    expect(data.warnings.length).toBeGreaterThanOrEqual(3);

    const addressed = await db
      .select({ id: reviewNotes.id, at: reviewNotes.addressedAt })
      .from(reviewNotes)
      .where(
        inArray(
          reviewNotes.id,
          notes.map((n) => n.id),
        ),
      )
      .orderBy(reviewNotes.id);
    expect(addressed.map((n) => n.at !== null)).toEqual([true, false, false, false]);
  });
});
