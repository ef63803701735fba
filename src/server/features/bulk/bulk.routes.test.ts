import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  dbKind,
  brandIdBySlug,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import {
  BULK_MAX,
  BULK_MSG,
  BULK_PATHS,
  type BulkAction,
  type BulkResult,
} from '../../../shared/contracts/bulk';
import { ACTIVITY_PATHS } from '../../../shared/contracts/activity';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { PATTERN_LIST_PATHS } from '../../../shared/contracts/pattern-list';
import { INTEGRATION_MSG, INTEGRATION_PATHS } from '../../../shared/contracts/integrations';
import { patternRow, seedPattern, seedPatterns } from '../patterns/detail.fixtures';

describe(`bulk actions (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    partner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const bulk = (
    action: BulkAction,
    body: Record<string, unknown>,
    headers: Record<string, string>,
  ) => t.app.inject({ method: 'POST', url: BULK_PATHS.action(action), headers, payload: body });
  const byId = (res: { json(): { results: BulkResult[] } }) =>
    new Map(res.json().results.map((r) => [r.id, r]));

  it('acts on each pattern with the one-pattern rules and names each one it could not act on, with why', async () => {
    const [a, b, c] = await seedPatterns(t, 3);
    const incomplete = await seedPattern(t, { sizes: 1, withPdfs: false });
    const otherBrand = await seedPattern(t, { brand: 'butterick' });

    const sent = await bulk(
      'send-to-review',
      { ids: [a.id, b.id, c.id, incomplete.id, otherBrand.id, 999_999] },
      partner.auth,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ done: 3, failed: 3 });
    expect(sent.json().message).toBe(BULK_MSG.summary('send-to-review', 3, 3));
    const s = byId(sent);
    expect(s.get(a.id)).toMatchObject({ ok: true, patternId: a.code });
    expect(s.get(incomplete.id)).toMatchObject({ ok: false, patternId: incomplete.code });
    expect(s.get(incomplete.id)!.message).toMatch(
      new RegExp(`^${incomplete.code}: this pattern is not complete yet`),
    );
    // Another brand's pattern is not found, as it is one at a time (never "forbidden").
    expect(s.get(otherBrand.id)).toEqual({
      id: otherBrand.id,
      patternId: null,
      ok: false,
      message: `Pattern ${otherBrand.id}: not found`,
    });
    expect(s.get(999_999)!.ok).toBe(false);
    expect((await patternRow(t, a.id)).SFCC_Status).toBe('in_review');
    expect((await patternRow(t, incomplete.id)).SFCC_Status).toBe('draft');

    // b is edited after its review: publish refuses it and takes the rest.
    const edit = await bulk(
      'edit',
      { ids: [b.id], set: { field: 'Price', value: 20 } },
      partner.auth,
    );
    expect(edit.json()).toMatchObject({ done: 1, failed: 0 });
    const pub = await bulk('publish', { ids: [a.id, b.id, c.id] }, admin.auth);
    expect(pub.json()).toMatchObject({ done: 2, failed: 1 });
    expect(byId(pub).get(b.id)!.message).toMatch(
      new RegExp(`^${b.code}: this pattern was edited after it was sent to review`),
    );
    expect((await patternRow(t, a.id)).SFCC_Status).toBe('published');
    expect((await patternRow(t, b.id)).SFCC_Status).toBe('in_review');
  });

  it('publish, request changes and unpublish are for admins; a reason is required where the one-pattern call needs it', async () => {
    const [p, q] = await seedPatterns(t, 2, { status: 'in_review' });
    for (const action of ['publish', 'request-changes', 'unpublish'] as const) {
      const r = await bulk(action, { ids: [p.id], reason: 'x' }, partner.auth);
      expect(r.statusCode, action).toBe(403);
    }
    const noReason = await bulk('request-changes', { ids: [p.id] }, admin.auth);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'Reason is required' });

    const back = await bulk(
      'request-changes',
      { ids: [p.id, q.id], reason: 'Fix the photos' },
      admin.auth,
    );
    expect(back.json()).toMatchObject({ done: 2, failed: 0 });
    expect((await patternRow(t, p.id)).SFCC_Status).toBe('changes_requested');
    await bulk('send-to-review', { ids: [p.id, q.id] }, partner.auth);
    await bulk('publish', { ids: [p.id, q.id] }, admin.auth);
    const off = await bulk('unpublish', { ids: [p.id, q.id], reason: 'Season over' }, admin.auth);
    expect(off.json()).toMatchObject({ done: 2, failed: 0 });
    expect((await patternRow(t, q.id)).SFCC_Status).toBe('draft');
    const again = await bulk('unpublish', { ids: [q.id], reason: 'Again' }, admin.auth);
    expect(again.json().results[0].message).toMatch(/only a published pattern can be unpublished/);
  });

  it('answers 400 for an empty or oversized selection, and a bad value at its field', async () => {
    const empty = await bulk('send-to-review', { ids: [] }, partner.auth);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ ids: 'Choose at least one pattern' });
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1);
    const over = await bulk('publish', { ids: many }, admin.auth);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.ids).toMatch(/At most 1,000 patterns/);
    const badPrice = await bulk(
      'edit',
      { ids: [1], set: { field: 'Price', value: -3 } },
      admin.auth,
    );
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().fields).toEqual({
      'set.value': 'Price must be a number from 0 to 99,999,999.99',
    });
    const badField = await bulk(
      'edit',
      { ids: [1], set: { field: 'Pattern_Name', value: 'x' } },
      admin.auth,
    );
    expect(badField.statusCode).toBe(400);
    expect(Object.keys(badField.json().fields)).toEqual(['set.field']);
    const badType = await bulk(
      'edit',
      { ids: [1], set: { field: 'Gender', value: 'Cats' } },
      admin.auth,
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields['set.value']).toMatch(/^Gender must be one of/);
  });

  it('Edit fields previews how many change, then records each pattern’s before → after; a published pattern’s change waits for review', async () => {
    const [p, q] = await seedPatterns(t, 2);
    const [live] = await seedPatterns(t, 1, { status: 'in_review' });
    await bulk('publish', { ids: [live.id] }, admin.auth);
    await bulk('edit', { ids: [q.id], set: { field: 'Gender', value: 'Men' } }, admin.auth);
    const set = { field: 'Gender', value: 'Men' };
    const preview = await bulk(
      'edit',
      { ids: [p.id, q.id, live.id], set, preview: true },
      admin.auth,
    );
    expect(preview.json()).toMatchObject({ done: 2, failed: 0 });
    expect(byId(preview).get(q.id)).toMatchObject({ ok: true, changed: false });
    expect((await patternRow(t, p.id)).Gender).toBeNull();

    const applied = await bulk('edit', { ids: [p.id, q.id, live.id], set }, admin.auth);
    expect(applied.json()).toMatchObject({ done: 2, failed: 0 });
    expect((await patternRow(t, p.id)).Gender).toBe('Men');
    const activity = await t.app.inject({
      url: ACTIVITY_PATHS.activity(p.id),
      headers: admin.auth,
    });
    const entry = activity
      .json()
      .data.find((e: { action: string }) => e.action === 'fields_changed');
    expect(entry.text).toContain('Gender');
    expect(entry.text).toContain('Men');
    const detail = (
      await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(live.id), headers: admin.auth })
    ).json().data;
    expect(detail).toMatchObject({
      SFCC_Status: 'published',
      Gender: 'Men',
      editedAfter: 'publishing',
    });

    // Clearing an optional field; a price.
    await bulk('edit', { ids: [p.id], set: { field: 'Gender', value: null } }, admin.auth);
    expect((await patternRow(t, p.id)).Gender).toBeNull();
    await bulk('edit', { ids: [p.id], set: { field: 'Price', value: '7.5' } }, admin.auth);
    expect((await patternRow(t, p.id)).Price).toBe('7.50');
  });

  it('restores from the Trash per pattern: a partner cannot restore a published one', async () => {
    const [p, q] = await seedPatterns(t, 2, { status: 'in_review' });
    await bulk('publish', { ids: [q.id] }, admin.auth);
    const del = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_LIST_PATHS.bulkDelete,
      headers: admin.auth,
      payload: { ids: [p.id, q.id] },
    });
    expect(del.statusCode).toBe(200);
    const r = await bulk('restore', { ids: [p.id, q.id] }, partner.auth);
    expect(r.json()).toMatchObject({ done: 1, failed: 1 });
    expect(byId(r).get(q.id)!.message).toBe(
      `${q.code}: a published pattern can only be restored by an admin.`,
    );
    expect((await patternRow(t, p.id)).deletedAt).toBeNull();
    expect((await patternRow(t, q.id)).deletedAt).not.toBeNull();
  });

  it('answers the IDs matching the list’s filters, scoped to the brand', async () => {
    const [p] = await seedPatterns(t, 1, { brand: 'ditto' });
    const r = await t.app.inject({
      url: `${BULK_PATHS.ids}?search=${encodeURIComponent(p.code)}`,
      headers: partner.auth,
    });
    expect(r.json()).toEqual({ ids: [p.id], total: 1, capped: false });
    const mine = await t.app.inject({ url: BULK_PATHS.ids, headers: partner.auth });
    const ditto = await brandIdBySlug(t, 'ditto');
    for (const id of mine.json().ids.slice(0, 20))
      expect((await patternRow(t, id)).brandId).toBe(ditto);
  });

  it('API tokens follow their scopes: write tokens may send to review, not publish; read tokens act on nothing', async () => {
    const [p] = await seedPatterns(t, 1);
    const token = async (scope: 'read' | 'read_write') => {
      const r = await t.app.inject({
        method: 'POST',
        url: INTEGRATION_PATHS.tokens,
        headers: admin.auth,
        payload: { name: `bulk ${scope}`, scope, brandId: null },
      });
      return { authorization: `Bearer ${r.json().token}` };
    };
    const write = await token('read_write');
    const read = await token('read');
    expect((await bulk('send-to-review', { ids: [p.id] }, read)).json().message).toBe(
      INTEGRATION_MSG.tokenReadOnly,
    );
    expect((await bulk('send-to-review', { ids: [p.id] }, write)).json()).toMatchObject({
      done: 1,
    });
    const pub = await bulk('publish', { ids: [p.id] }, write);
    expect(pub.statusCode).toBe(403);
    expect(pub.json().message).toBe(INTEGRATION_MSG.tokenNotAllowed);
  });
});
