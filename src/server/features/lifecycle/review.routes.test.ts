import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  dbKind,
  brandIdBySlug,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { LIFECYCLE_MSG, LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { ACTIVITY_PATHS } from '../../../shared/contracts/activity';
import { NOTIFICATION_PATHS } from '../../../shared/contracts/notifications';
import { PATTERN_LIST_PATHS } from '../../../shared/contracts/pattern-list';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { startJobWorker } from '../../jobs/outbox';
import { mailJobHandler } from '../../mail/mail-job';
import { jobs } from '../../db/schema/jobs';
import {
  multipart,
  patternRow,
  pdfPart,
  pngPart,
  seedFile,
  seedPattern,
  sizeIdOf,
} from '../patterns/detail.fixtures';
import { SIZE_PATHS } from '../../../shared/contracts/sizes';

describe(`review loop (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let admin2: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { workers: [] }); // its mails are sent by drain() below
    owner = await createUser(t, { brand: 'ditto', fullName: 'Dana' });
    colleague = await createUser(t, { brand: 'ditto', fullName: 'Colin' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null, fullName: 'Ada' });
    admin2 = await createUser(t, { role: 'admin', brand: null, fullName: 'Bob' });
  });
  afterAll(() => t.close());

  const post = (url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) });
  const state = async (id: number, user: TestUser) =>
    (await t.app.inject({ url: LIFECYCLE_PATHS.review(id), headers: user.auth })).json().data;
  const activity = async (id: number, user: TestUser, q = '') =>
    t.app.inject({ url: `${ACTIVITY_PATHS.activity(id)}${q}`, headers: user.auth });
  const editFields = async (id: number, code: string, user: TestUser, extra: object) =>
    t.app.inject({
      method: 'PUT',
      url: PATTERN_DETAIL_PATHS.detail(id),
      headers: user.auth,
      payload: {
        SFCC_Pattern_ID: code,
        Pattern_Name: `Pattern ${code}`,
        Brand: await brandIdBySlug(t, 'ditto'),
        Price: 12.5,
        Type: 'Women Patterns',
        ...extra,
      },
    });
  const outbox = () => path.join(t.dataDir, 'outbox');
  const mails = () =>
    fs.existsSync(outbox())
      ? fs.readdirSync(outbox()).map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
      : [];
  const drain = async () => {
    const w = startJobWorker({
      db: t.deps.database.db,
      log: pino({ level: 'silent' }),
      handlers: [mailJobHandler(t.deps.mailer)],
      autoStart: false,
    });
    while ((await w.runOnce()) > 0);
  };

  it('runs the journey: request changes with notes, fix, resend, changed since, publish — with activity and mails', async () => {
    const p = await seedPattern(t);
    await t.deps.database.db.delete(jobs);
    fs.rmSync(outbox(), { recursive: true, force: true });
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    await drain();
    const toAdmins = mails();
    expect(toAdmins).toHaveLength(2); // one per admin, not per field
    expect(toAdmins.join('\n')).toContain(`/app/show-records/${p.id}`);

    const count = await t.app.inject({ url: LIFECYCLE_PATHS.reviewCount, headers: admin.auth });
    expect(count.json().data.inReview).toBeGreaterThanOrEqual(1);
    expect((await state(p.id, admin)).changedSinceReview).toEqual({
      reviewedAt: null,
      outcome: null,
      changes: [],
      notes: [],
    });

    const rc = await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, {
      reason: 'Price and name need work',
      notes: [
        { targetType: 'field', targetKey: 'Price', text: 'should be 14.99' },
        { targetType: 'field', targetKey: 'Pattern_Name', text: 'add the season' },
        { targetType: 'size', targetKey: String(p.sizeIds[0]), text: 'pages are A3' },
      ],
    });
    expect(rc.statusCode).toBe(200);
    expect(rc.json()).toEqual({
      data: { ID: p.id, SFCC_Status: 'changes_requested', editStatus: null },
      message: LIFECYCLE_MSG.changesRequested,
    });
    let s = await state(p.id, owner);
    expect(s.allowedActions).toEqual(['sendToReview']);
    expect(s.request.reason).toBe('Price and name need work');
    expect(
      s.request.notes.map((n: { targetLabel: string; addressed: boolean }) => [
        n.targetLabel,
        n.addressed,
      ]),
    ).toEqual([
      ['Price', false],
      ['Pattern Name', false],
      ['Size A / S', false],
    ]);
    fs.rmSync(outbox(), { recursive: true, force: true });
    await drain();
    const toBrand = mails();
    expect(toBrand).toHaveLength(2); // Dana and Colin
    expect(toBrand[0]).toContain('Price: should be 14.99');

    // The partner fixes the price: its note is addressed; the other stays open; a tick addresses one by hand.
    expect((await editFields(p.id, p.code, owner, { Price: 14.99 })).statusCode).toBe(200);
    s = await state(p.id, owner);
    expect(s.request.notes.map((n: { addressed: boolean }) => n.addressed)).toEqual([
      true,
      false,
      false,
    ]);
    const tick = await t.app.inject({
      method: 'PATCH',
      url: LIFECYCLE_PATHS.note(p.id, s.request.notes[2].id),
      headers: owner.auth,
      payload: { addressed: true },
    });
    expect(tick.json().data.addressed).toBe(true);

    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    expect((await state(p.id, owner)).request).toBeNull(); // notes leave the screen, stay in the history
    const changed = (await state(p.id, admin)).changedSinceReview;
    expect(changed.outcome).toBe('changes_requested');
    expect(changed.changes).toEqual([
      { targetType: 'field', targetKey: 'Price', label: 'Price', before: '12.50', after: '14.99' },
    ]);
    // Re-sent with a note still open: the reviewer sees which (issue 48 item 5).
    expect(
      changed.notes.map((n: { targetLabel: string; text: string; addressed: boolean }) => [
        n.targetLabel,
        n.text,
        n.addressed,
      ]),
    ).toEqual([
      ['Price', 'should be 14.99', true],
      ['Pattern Name', 'add the season', false],
      ['Size A / S', 'pages are A3', true],
    ]);
    expect((await state(p.id, owner)).changedSinceReview).toBeNull(); // the reviewer's view only

    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    const a = (await activity(p.id, owner)).json();
    expect(a.data.map((e: { text: string }) => e.text)).toEqual([
      'Ada (admin) published the pattern to production',
      'Dana (Ditto) sent the pattern to review',
      'Dana (Ditto) marked the note on Size A / S as addressed',
      'Dana (Ditto) changed Price from 12.50 to 14.99',
      'Ada (admin) requested changes: Price and name need work',
      'Dana (Ditto) sent the pattern to review',
    ]);
    expect(a.data[4].lines).toContain('Price: should be 14.99');
    expect(a.total).toBe(6);
  });

  it('addresses a note on a file when the file is replaced or removed, and on a size when it is edited, its PDF replaced or it is deleted', async () => {
    const p = await seedPattern(t, { sizes: 4 });
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    const chart = await seedFile(t, p.id, 'Size_Chart');
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    const rc = await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, {
      reason: 'Files and sizes',
      notes: [
        { targetType: 'file', targetKey: String(hero.id), text: 'too dark' },
        { targetType: 'file', targetKey: String(chart.id), text: 'not needed' },
        { targetType: 'size', targetKey: String(p.sizeIds[0]), text: 'should be S2' },
        { targetType: 'size', targetKey: String(p.sizeIds[1]), text: 'PDF pages are A3' },
        { targetType: 'file', targetKey: String(p.pdfFileIds[2]), text: 'remove this size' },
        { targetType: 'size', targetKey: String(p.sizeIds[3]), text: 'left alone' },
      ],
    });
    expect(rc.statusCode).toBe(200);
    const addressed = async () =>
      (await state(p.id, owner)).request.notes.map((n: { text: string; addressed: boolean }) =>
        n.addressed ? n.text : null,
      );
    const send = async (
      method: 'POST' | 'DELETE',
      url: string,
      parts?: Record<string, unknown>,
    ) => {
      const body = parts ? await multipart(parts as Parameters<typeof multipart>[0]) : undefined;
      const r = await t.app.inject({
        method,
        url,
        headers: { ...owner.auth, ...(body?.headers ?? {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      expect(r.statusCode).toBe(200);
    };
    await send('POST', PATTERN_DETAIL_PATHS.files(p.id), { Main_Hero_Image: pngPart() });
    expect(await addressed()).toEqual(['too dark', null, null, null, null, null]);
    await send('DELETE', PATTERN_DETAIL_PATHS.file(p.id, chart.id));
    await send('POST', SIZE_PATHS.one(sizeIdOf(p)), {
      data: JSON.stringify({ pattern_view: 'A', Size: 'S2' }),
    });
    await send('POST', SIZE_PATHS.one(sizeIdOf(p, 1)), { pattern_pdf_file: pdfPart('m.pdf') });
    await send('DELETE', SIZE_PATHS.one(sizeIdOf(p, 2)));
    expect(await addressed()).toEqual([
      'too dark',
      'not needed',
      'should be S2',
      'PDF pages are A3',
      'remove this size',
      null,
    ]);
  });

  it('lists what is possible now on an illegal transition (409), and refuses non-admins (403)', async () => {
    const p = await seedPattern(t, { status: 'in_review' });
    const r = await post(LIFECYCLE_PATHS.sendToReview(p.id), admin);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/Possible now: Publish to production, Request changes\.$/);
    const draft = await seedPattern(t);
    const rc = await post(LIFECYCLE_PATHS.requestChanges(draft.id), admin, { reason: 'x' });
    expect(rc.statusCode).toBe(409);
    expect(rc.json().message).toContain('Possible now: Send to review');
    expect(
      (await post(LIFECYCLE_PATHS.requestChanges(p.id), owner, { reason: 'x' })).statusCode,
    ).toBe(403);
    const noReason = await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toMatchObject({ reason: 'Reason is required' });
    expect(noReason.json().message).toBe('Reason is required'); // no "(reason)" (issue 34)
    const badTarget = await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, {
      reason: 'x',
      notes: [{ targetType: 'field', targetKey: 'Nope', text: 'y' }],
    });
    expect(badTarget.statusCode).toBe(400);
    expect((await patternRow(t, p.id)).SFCC_Status).toBe('in_review');
  });

  it('refuses publishing a pattern edited after it was sent to review (issue 12), until it is sent again', async () => {
    const p = await seedPattern(t);
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    await editFields(p.id, p.code, owner, { Price: 20 });
    const s = await state(p.id, admin);
    expect(s.allowedActions).toEqual(['sendToReview', 'requestChanges']);
    expect(s.publishBlockedReason).toBe(LIFECYCLE_MSG.editedAfterReview);
    const r = await post(LIFECYCLE_PATHS.publish(p.id), admin);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain(LIFECYCLE_MSG.editedAfterReview);
    expect((await patternRow(t, p.id)).SFCC_Status).toBe('in_review');
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    // Edited after publishing: stays published, cannot be re-published without review.
    await editFields(p.id, p.code, owner, { Price: 21 });
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).json().message).toContain(
      LIFECYCLE_MSG.editedAfterPublishing,
    );
  });

  it('keeps a published pattern published while its edit is reviewed: send, publish the edit; or send it back, resend, unpublish', async () => {
    const p = await seedPattern(t);
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    const detail = async () =>
      (await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(p.id), headers: owner.auth })).json()
        .data;
    const listed = async (status: string) =>
      (
        await t.app.inject({
          url: `${PATTERN_LIST_PATHS.list}?status=${status}&search=${p.code}`,
          headers: admin.auth,
        })
      )
        .json()
        .data.map((r: { ID: number; SFCC_Status: string; editStatus: string | null }) => [
          r.ID,
          r.SFCC_Status,
          r.editStatus,
        ]);
    const inReviewBefore = (
      await t.app.inject({ url: LIFECYCLE_PATHS.reviewCount, headers: admin.auth })
    ).json().data.inReview;

    // Edited after publishing: publishing is refused until the edit is sent to review.
    await editFields(p.id, p.code, owner, { Price: 19 });
    const refused = await post(LIFECYCLE_PATHS.publish(p.id), admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${LIFECYCLE_MSG.editedAfterPublishing}. Possible now: Send to review, Unpublish.`,
    );
    await t.deps.database.db.delete(jobs);
    fs.rmSync(outbox(), { recursive: true, force: true });
    const sent = await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    expect(sent.json()).toEqual({
      data: { ID: p.id, IS_SFCC_TESTING: true, SFCC_Status: 'published', editStatus: 'in_review' },
      message: LIFECYCLE_MSG.editReviewed,
    });
    expect(await detail()).toMatchObject({
      SFCC_Status: 'published',
      editStatus: 'in_review',
      editedAfter: null,
    });
    expect((await patternRow(t, p.id)).publishedAt).not.toBeNull();
    expect(await listed('in_review')).toEqual([[p.id, 'published', 'in_review']]);
    expect(await listed('published')).toEqual([[p.id, 'published', 'in_review']]);
    expect(
      (await t.app.inject({ url: LIFECYCLE_PATHS.reviewCount, headers: admin.auth })).json().data
        .inReview,
    ).toBe(inReviewBefore + 1);
    await drain();
    expect(mails().filter((m) => m.includes('sent an edit of'))).toHaveLength(2); // both admins
    let s = await state(p.id, admin);
    expect(s.allowedActions).toEqual(['publish', 'requestChanges', 'unpublish']);
    expect(s.changedSinceReview.changes.map((c: { label: string }) => c.label)).toEqual(['Price']);
    expect(s.changedSinceReview).toMatchObject({ outcome: 'published', notes: [] });
    const again = await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(LIFECYCLE_MSG.editAlreadyInReview);

    // The admin publishes the edit: published as reviewed, nothing waits.
    const pub = await post(LIFECYCLE_PATHS.publish(p.id), admin);
    expect(pub.json().data).toEqual({ ID: p.id, SFCC_Status: 'published', editStatus: null });
    expect(await detail()).toMatchObject({ Price: 19, editStatus: null, editedAfter: null });
    expect(await listed('in_review')).toEqual([]);

    // Another edit, sent back with a note: still published; the partner fixes and resends.
    await editFields(p.id, p.code, owner, { Price: 21 });
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    const rc = await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, {
      reason: 'Price too high',
      notes: [{ targetType: 'field', targetKey: 'Price', text: 'keep 19' }],
    });
    expect(rc.json()).toEqual({
      data: { ID: p.id, SFCC_Status: 'published', editStatus: 'changes_requested' },
      message: LIFECYCLE_MSG.editChangesRequested,
    });
    expect(await listed('changes_requested')).toEqual([[p.id, 'published', 'changes_requested']]);
    expect(await listed('in_review')).toEqual([]);
    s = await state(p.id, owner);
    expect(s.allowedActions).toEqual(['sendToReview']);
    expect(s.request.reason).toBe('Price too high');
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).json().message).toContain(
      LIFECYCLE_MSG.publishOnlyInReview,
    );
    await editFields(p.id, p.code, owner, { Price: 19.5 });
    expect((await state(p.id, owner)).request.notes[0].addressed).toBe(true);
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).json().data).toMatchObject({
      SFCC_Status: 'published',
      editStatus: 'in_review',
    });
    expect((await state(p.id, admin)).changedSinceReview.notes).toMatchObject([
      { targetLabel: 'Price', text: 'keep 19', addressed: true },
    ]);
    const un = await post(LIFECYCLE_PATHS.unpublish(p.id), admin, { reason: 'Withdrawn' });
    expect(un.json().data).toEqual({ ID: p.id, SFCC_Status: 'draft', editStatus: null });
    const a = (await activity(p.id, owner)).json();
    expect(a.data.slice(0, 4).map((e: { text: string }) => e.text)).toEqual([
      'Ada (admin) unpublished the pattern: Withdrawn',
      'Dana (Ditto) sent the pattern to review',
      'Dana (Ditto) changed Price from 21.00 to 19.50',
      'Ada (admin) requested changes: Price too high',
    ]);
  });

  it('unpublishes with a reason back to draft, and tells the brand', async () => {
    const p = await seedPattern(t, { status: 'published' });
    expect((await post(LIFECYCLE_PATHS.unpublish(p.id), admin, {})).statusCode).toBe(400);
    const r = await post(LIFECYCLE_PATHS.unpublish(p.id), admin, { reason: 'Wrong season' });
    expect(r.json()).toEqual({
      data: { ID: p.id, SFCC_Status: 'draft', editStatus: null },
      message: LIFECYCLE_MSG.unpublished,
    });
    const a = (await activity(p.id, owner)).json();
    expect(a.data[0].text).toBe('Ada (admin) unpublished the pattern: Wrong season');
  });

  it('records nothing for a rolled-back change; scopes the activity like the pattern; pages it', async () => {
    const p = await seedPattern(t);
    const q = await seedPattern(t);
    const dup = await editFields(p.id, q.code, owner, {}); // Pattern ID taken: rolled back
    expect(dup.statusCode).toBe(409);
    expect((await activity(p.id, owner)).json().total).toBe(0);
    expect((await activity(p.id, other)).statusCode).toBe(404);
    for (const price of [1, 2, 3]) await editFields(p.id, p.code, owner, { Price: price });
    const page2 = (await activity(p.id, owner, '?page=2&pageSize=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data[0].text).toBe('Dana (Ditto) changed Price from 12.50 to 1.00');
    expect((await activity(p.id, owner, '?pageSize=500')).statusCode).toBe(400);
  });

  it('respects mail preferences and the admins’ choice of review recipients', async () => {
    const prefs = await t.app.inject({
      method: 'PUT',
      url: NOTIFICATION_PATHS.mailPreferences,
      headers: colleague.auth,
      payload: { reviewMails: false },
    });
    expect(prefs.json().data).toEqual({ reviewMails: false });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: NOTIFICATION_PATHS.reviewRecipients,
          headers: owner.auth,
          payload: { userIds: [] },
        })
      ).statusCode,
    ).toBe(403);
    const rec = await t.app.inject({
      method: 'PUT',
      url: NOTIFICATION_PATHS.reviewRecipients,
      headers: admin.auth,
      payload: { userIds: [admin2.id] },
    });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().data.find((a: { id: number }) => a.id === admin.id).reviewRecipient).toBe(
      false,
    );
    const p = await seedPattern(t);
    await t.deps.database.db.delete(jobs);
    fs.rmSync(outbox(), { recursive: true, force: true });
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, { reason: 'Fix it' });
    await drain();
    const sent = mails();
    expect(sent).toHaveLength(2);
    expect(sent.some((m) => m.includes(admin2.email))).toBe(true);
    expect(sent.some((m) => m.includes(owner.email))).toBe(true);
    expect(sent.some((m) => m.includes(colleague.email) || m.includes(`To: ${admin.email}`))).toBe(
      false,
    );
  });
  it('tells the brand what waits for it: changes requested and unpublished, counted and listed; a status change is an update (issue 34)', async () => {
    const fresh = await createUser(t, { brand: 'kwik-sew', fullName: 'Fay' });
    const attention = async (user: TestUser) =>
      (await t.app.inject({ url: LIFECYCLE_PATHS.attention, headers: user.auth })).json().data;
    const listed = async () =>
      (
        await t.app.inject({
          url: `${PATTERN_LIST_PATHS.list}?sort=updatedAt&dir=desc&pageSize=10`,
          headers: fresh.auth,
        })
      ).json().data as { ID: number; updatedAt: string }[];
    const detail = async (id: number) =>
      (await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(id), headers: fresh.auth })).json()
        .data;
    expect(await attention(fresh)).toEqual({
      changesRequested: 0,
      unpublished: 0,
      storefrontFailed: 0,
      patterns: [],
    });

    const sentBack = await seedPattern(t, { brand: 'kwik-sew', withPdfs: true });
    const unpub = await seedPattern(t, { brand: 'kwik-sew', withPdfs: true });
    const untouched = await seedPattern(t, { brand: 'kwik-sew' });
    for (const p of [sentBack, unpub])
      expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), fresh)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(unpub.id), admin)).statusCode).toBe(200);
    expect(
      (await post(LIFECYCLE_PATHS.unpublish(unpub.id), admin, { reason: 'Recalled' })).statusCode,
    ).toBe(200);
    // The status changes are updates: both rise above the pattern nobody touched since.
    expect((await listed()).map((r) => r.ID).indexOf(untouched.id)).toBe(2);
    const before = (await listed()).find((r) => r.ID === sentBack.id)!.updatedAt;
    expect(
      (await post(LIFECYCLE_PATHS.requestChanges(sentBack.id), admin, { reason: 'Fix the PDF' }))
        .statusCode,
    ).toBe(200);
    const rows = await listed();
    expect(rows[0]?.ID).toBe(sentBack.id);
    expect(rows[0]!.updatedAt > before).toBe(true);
    // ... and none of them counts as an edit after review.
    expect((await detail(sentBack.id)).editedAfter).toBeNull();

    const waiting = await attention(fresh);
    expect(waiting).toMatchObject({ changesRequested: 1, unpublished: 1 });
    expect(waiting.patterns.map((p: { ID: number; reason: string }) => [p.ID, p.reason])).toEqual([
      [sentBack.id, 'changes_requested'],
      [unpub.id, 'unpublished'],
    ]);
    expect((await attention(owner)).patterns.some((p: { ID: number }) => p.ID === unpub.id)).toBe(
      false,
    );

    // The pattern says why it was unpublished, until it is sent to review again.
    expect((await state(unpub.id, fresh)).unpublished).toMatchObject({
      by: 'Ada',
      reason: 'Recalled',
    });
    expect((await state(sentBack.id, fresh)).unpublished).toBeNull();
    expect((await post(LIFECYCLE_PATHS.sendToReview(unpub.id), fresh)).statusCode).toBe(200);
    expect((await state(unpub.id, fresh)).unpublished).toBeNull();
    expect(await attention(fresh)).toMatchObject({ changesRequested: 1, unpublished: 0 });
  });
});
