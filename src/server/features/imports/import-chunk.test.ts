import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import { patternActivity } from '../../db/schema/review';
import { webhookEndpoints, webhookEvents } from '../../db/schema/integrations';
import { IMPORT_PATHS } from '../../../shared/contracts/imports';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { TRASH_MSG } from '../../../shared/contracts/trash';
import { seedPatterns, type SeededPattern } from '../patterns/detail.fixtures';
import { csvSheet, getImport, importWorker, uploadAndCheck, uploadForm } from './imports.fixtures';

/**
 * Issue 50: an import in update mode writes a chunk of patterns with a statement per step
 * (run.service.ts, import-write.service.ts). The rules of one pattern at a time still hold: a
 * pattern that cannot be written saves nothing of itself while the rest of its chunk is written, and
 * a chunk cut off before its commit is written once when the job resumes.
 */
let t: TestApp;
let partner: TestUser;
let admin: TestUser;
beforeEach(async () => {
  t = await createTestApp({ IMPORT_WORKER: 'off' }); // the test drives the import's worker
  partner = await createUser(t, { brand: 'ditto', fullName: 'Pia Partner' });
  admin = await createUser(t, { role: 'admin', brand: null, fullName: 'Ben Admin' });
});
afterEach(() => t.close());

const revised = (p: SeededPattern) => `Revised ${p.code}`;

/** An update-mode sheet revising each pattern's description, checked and started. */
async function startUpdate(seeded: SeededPattern[]) {
  const sheet = csvSheet(
    seeded.map((p) => ({
      'Pattern ID': p.code,
      'Pattern Description': revised(p),
      'Pattern View': 'A',
      Size: 'S',
    })),
  );
  const checked = await uploadAndCheck(t, partner, uploadForm(sheet, { mode: 'update' }));
  expect(checked).toMatchObject({ status: 'checked', valid: seeded.length });
  return checked.id;
}

const run = (id: number) =>
  t.app.inject({ method: 'POST', url: IMPORT_PATHS.runOf(id), headers: partner.auth });

async function descriptions(seeded: SeededPattern[]) {
  const rows = await t.deps.database.db
    .select({ code: patterns.SFCC_Pattern_ID, d: patterns.Pattern_Description })
    .from(patterns)
    .where(
      inArray(
        patterns.ID,
        seeded.map((p) => p.id),
      ),
    );
  return new Map(rows.map((r) => [r.code, r.d]));
}

/** Each pattern's number of 'fields_changed' entries. */
async function edits(seeded: SeededPattern[]) {
  const rows = await t.deps.database.db
    .select({ patternId: patternActivity.patternId })
    .from(patternActivity)
    .where(
      and(
        inArray(
          patternActivity.patternId,
          seeded.map((p) => p.id),
        ),
        eq(patternActivity.action, 'fields_changed'),
      ),
    );
  return seeded.map((p) => rows.filter((r) => r.patternId === p.id).length);
}

describe('an import’s chunk written together (issue 50)', () => {
  it('a pattern edited since the check and one moved to the Trash save nothing; the rest of their chunk is written, each with its activity and event', async () => {
    await t.deps.database.db.insert(webhookEndpoints).values({
      url: 'https://hooks.example.com/import',
      events: ['pattern.updated'],
      secret: 'whsec_test',
    });
    const seeded = await seedPatterns(t, 10);
    const id = await startUpdate(seeded);
    // Chunks of 1, 2, 4 and 3 patterns: these two sit in the chunks of 4 and of 3.
    const [edited, trashed] = [seeded[4]!, seeded[8]!];
    const put = await t.app.inject({
      method: 'PUT',
      url: PATTERN_DETAIL_PATHS.detail(edited.id),
      headers: admin.auth,
      payload: {
        SFCC_Pattern_ID: edited.code,
        Pattern_Name: 'Edited meanwhile',
        Brand: await brandIdBySlug(t, 'ditto'),
        Type: 'Women Patterns',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.deps.database.db
      .update(patterns)
      .set({ deletedAt: new Date() })
      .where(eq(patterns.ID, trashed.id));

    expect((await run(id)).statusCode).toBeLessThan(300);
    await importWorker(t).drain();
    const done = await getImport(t, partner, id);
    expect(done).toMatchObject({ status: 'done', updated: 8, failed: 2 });
    const outcome = (p: SeededPattern) => done.outcomes.find((o) => o.patternId === p.code);
    expect(outcome(edited)).toMatchObject({ outcome: 'failed' });
    expect(outcome(edited)!.reason).toMatch(
      /changed by Ben Admin \(admin\) .* after the sheet was checked/,
    );
    expect(outcome(trashed)).toMatchObject({
      outcome: 'failed',
      reason: TRASH_MSG.idInTrash(trashed.code),
    });

    const after = await descriptions(seeded);
    for (const p of seeded)
      expect(after.get(p.code), p.code).toBe(p === edited || p === trashed ? null : revised(p));
    // One edit recorded for each pattern written, none for the two refused (the admin's save aside).
    expect(await edits(seeded)).toEqual(seeded.map((p) => (p === trashed ? 0 : 1)));
    // One pattern.updated event for each pattern written, carrying it as it is now (the edited
    // pattern's one event is the admin's save).
    const events = (await t.deps.database.db.select().from(webhookEvents))
      .map((e) => e.payload as { type: string; data: { pattern: Record<string, unknown> } })
      .filter((e) => e.type === 'pattern.updated')
      .map((e) => e.data.pattern);
    const written = seeded.filter((p) => p !== edited && p !== trashed);
    expect(events.map((e) => e.ID).sort()).toEqual([...written, edited].map((p) => p.id).sort());
    for (const p of written)
      expect(events.find((e) => e.ID === p.id)!.Pattern_Description).toBe(revised(p));
    const [editedRow] = await t.deps.database.db
      .select({ name: patterns.Pattern_Name })
      .from(patterns)
      .where(eq(patterns.ID, edited.id));
    expect(editedRow!.name).toBe('Edited meanwhile');
  });

  it('a chunk cut off before its commit is written once, whole, when the job resumes', async () => {
    const seeded = await seedPatterns(t, 10);
    const id = await startUpdate(seeded);
    expect((await run(id)).statusCode).toBeLessThan(300);
    let crashes = 1;
    const w = importWorker(t, {
      // Seq 4 is in the third chunk (seq 3–6): it is cut off after its first pattern's turn.
      beforeCommit: async (seq) => {
        if (seq === 4 && crashes-- > 0) throw new Error('process killed');
      },
    });
    await w.drain();
    expect((await getImport(t, partner, id)).status).toBe('importing');
    const between = await descriptions(seeded);
    // The first two chunks (seq 0–2) are in; nothing of the third.
    expect(seeded.map((p) => between.get(p.code) === revised(p))).toEqual(
      seeded.map((_, i) => i < 3),
    );
    await w.retryNow();
    await w.drain();
    expect(await getImport(t, partner, id)).toMatchObject({ status: 'done', updated: 10 });
    const after = await descriptions(seeded);
    for (const p of seeded) expect(after.get(p.code)).toBe(revised(p));
    expect(await edits(seeded)).toEqual(seeded.map(() => 1));
  });

  it('patterns filling different columns (a statement per set of columns): each keeps what the sheet leaves empty, a price is stored as the form stores it, each change recorded before → after', async () => {
    const seeded = await seedPatterns(t, 4);
    const sheet = csvSheet([
      { 'Pattern ID': seeded[0]!.code, Price: '13.2', 'Pattern Name': 'Priced' },
      { 'Pattern ID': seeded[1]!.code, 'Pattern Description': 'Only this' },
      { 'Pattern ID': seeded[2]!.code, Price: '7', 'Pattern Name': 'Also priced' },
      { 'Pattern ID': seeded[3]!.code, Gender: 'Women', 'Pattern Description': 'Two fields' },
    ]);
    const pricesBefore = new Map(
      (
        await t.deps.database.db.select({ id: patterns.ID, price: patterns.Price }).from(patterns)
      ).map((r) => [r.id, r.price]),
    );
    const checked = await uploadAndCheck(t, partner, uploadForm(sheet, { mode: 'update' }));
    expect(checked).toMatchObject({ status: 'checked', valid: 4 });
    expect((await run(checked.id)).statusCode).toBeLessThan(300);
    await importWorker(t).drain();
    expect(await getImport(t, partner, checked.id)).toMatchObject({ status: 'done', updated: 4 });
    const rows = await t.deps.database.db
      .select({
        code: patterns.SFCC_Pattern_ID,
        name: patterns.Pattern_Name,
        price: patterns.Price,
        d: patterns.Pattern_Description,
        gender: patterns.Gender,
        version: patterns.version,
      })
      .from(patterns)
      .where(
        inArray(
          patterns.ID,
          seeded.map((p) => p.id),
        ),
      );
    const by = new Map(rows.map((r) => [r.code, r]));
    expect(by.get(seeded[0]!.code)).toMatchObject({ name: 'Priced', price: '13.20', d: null });
    // A column the sheet leaves empty keeps its value.
    expect(by.get(seeded[1]!.code)).toMatchObject({
      d: 'Only this',
      price: pricesBefore.get(seeded[1]!.id),
    });
    expect(by.get(seeded[2]!.code)).toMatchObject({ name: 'Also priced', price: '7.00' });
    expect(by.get(seeded[3]!.code)).toMatchObject({ gender: 'Women', d: 'Two fields' });
    // Each write moved the version once (the rule's trigger), as a save on the screen does.
    expect(rows.every((r) => r.version === 2)).toBe(true);
    const [entry] = await t.deps.database.db
      .select({ details: patternActivity.details, actorBrand: patternActivity.actorBrand })
      .from(patternActivity)
      .where(
        and(
          eq(patternActivity.patternId, seeded[0]!.id),
          eq(patternActivity.action, 'fields_changed'),
        ),
      );
    expect(entry!.actorBrand).toBe('Ditto');
    expect((entry!.details as { changes: { field: string; after: string }[] }).changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Price', before: '12.50', after: '13.20' }),
        expect.objectContaining({ field: 'Pattern_Name', after: 'Priced' }),
      ]),
    );
  });
});
