import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { webhookEndpoints, webhookEvents } from '../../db/schema/integrations';
import { patternFiles } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { PATTERN_LIST_ROUTES } from '../../../shared/contracts/pattern-list';
import { PATTERN_PUBLISHED_PATHS } from '../../../shared/contracts/pattern-published';
import { INTEGRATION_PATHS, type ChangesResponse } from '../../../shared/contracts/integrations';
import { photoCheck, seedFile, seedPattern } from '../patterns/detail.fixtures';
import { livePublishedVersions, publishedVersion, publishedVersions } from './index';

describe(`published versions (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ownerToken: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null });
    const tok = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.tokens,
      headers: admin.auth,
      payload: { name: 'storefront', scope: 'read', brandId: owner.brandId },
    });
    expect(tok.statusCode).toBe(201);
    ownerToken = { authorization: `Bearer ${tok.json().token as string}` };
  });
  afterAll(() => t.close());

  const post = (url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) });
  const review = (id: number) => post(LIFECYCLE_PATHS.sendToReview(id), owner);
  const publish = (id: number) => post(LIFECYCLE_PATHS.publish(id), admin);
  const unpublish = (id: number) =>
    post(LIFECYCLE_PATHS.unpublish(id), admin, { reason: 'Out of season' });
  const published = (id: number, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ url: PATTERN_PUBLISHED_PATHS.published(id), headers });
  const detail = async (id: number) =>
    (await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(id), headers: admin.auth })).json().data;
  /** The edit form's body: the record as it is, with `changes` applied. */
  const edit = async (id: number, changes: Record<string, unknown>) => {
    const d = await detail(id);
    const body: Record<string, unknown> = {};
    for (const k of [
      'SFCC_Pattern_ID',
      'Pattern_Name',
      'Brand',
      'Type',
      'Gender',
      'Price',
      'Pattern_Description',
    ])
      if (d[k] !== null) body[k] = d[k];
    const r = await t.app.inject({
      method: 'PUT',
      url: PATTERN_DETAIL_PATHS.detail(id),
      headers: owner.auth,
      payload: { ...body, ...changes },
    });
    expect(r.statusCode).toBe(200);
  };
  const publishedPattern = async (opts: { name?: string } = {}) => {
    const p = await seedPattern(t, { sizes: 2, name: opts.name });
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    expect((await review(p.id)).statusCode).toBe(200);
    expect((await publish(p.id)).statusCode).toBe(200);
    return { ...p, heroId: hero.id };
  };

  it('publishing stores the reviewed fields, sizes and file references as version 1', async () => {
    const p = await publishedPattern({ name: 'Wrap Dress' });
    const r = await published(p.id);
    expect(r.statusCode).toBe(200);
    const v = r.json().data;
    expect(v).toMatchObject({
      ID: p.id,
      version: 1,
      live: true,
      unpublishedAt: null,
      publishedBy: expect.any(String),
      fields: {
        SFCC_Pattern_ID: p.code,
        Pattern_Name: 'Wrap Dress',
        Brand: owner.brandId,
        brandName: expect.any(String),
        Price: 12.5,
        Type: 'Women Patterns',
      },
      files: [{ id: p.heroId, kind: 'Main_Hero_Image', fileName: 'hero.png' }],
    });
    expect(v.sizes.map((s: { ID: number; Size: string }) => [s.ID, s.Size])).toEqual([
      [p.sizeIds[0], 'S'],
      [p.sizeIds[1], 'M'],
    ]);
    expect(v.sizes[0].files).toEqual([
      expect.objectContaining({ id: p.pdfFileIds[0], kind: 'pattern_pdf_file', fileName: 'S.pdf' }),
    ]);
    expect(v.sizes[0].VariationID).toBe(`${p.code}_a_s`.toLowerCase());
    // The exported reader answers the same record.
    expect(await publishedVersion(t.deps.database.db, p.id)).toEqual(v);
    expect((await publishedVersions(t.deps.database.db, [p.id, 999_999])).length).toBe(1);
  });

  it('an edit after publishing changes the working copy, not the published version, until it is published', async () => {
    const p = await publishedPattern({ name: 'Before' });
    await edit(p.id, { Pattern_Name: 'After', Price: 20 });
    expect(await detail(p.id)).toMatchObject({ Pattern_Name: 'After', Price: 20 });
    const v1 = (await published(p.id)).json().data;
    expect(v1).toMatchObject({ version: 1, fields: { Pattern_Name: 'Before', Price: 12.5 } });

    // The list's published version shows the old values; the working list the new ones.
    const list = async (version?: string) =>
      (
        await t.app.inject({
          url: PATTERN_LIST_ROUTES.list,
          query: { search: p.code, ...(version ? { version } : {}) },
          headers: admin.auth,
        })
      ).json();
    expect((await list('published')).data).toEqual([
      expect.objectContaining({ ID: p.id, Pattern_Name: 'Before', Price: 12.5 }),
    ]);
    expect((await list()).data).toEqual([
      expect.objectContaining({ ID: p.id, Pattern_Name: 'After', Price: 20 }),
    ]);

    // What is live and what changed, for the pattern screen.
    const lc = await t.app.inject({
      url: PATTERN_PUBLISHED_PATHS.liveChanges(p.id),
      headers: owner.auth,
    });
    expect(lc.json().data).toMatchObject({
      version: 1,
      changes: [
        { targetKey: 'Pattern_Name', before: 'Before', after: 'After' },
        { targetKey: 'Price', before: '12.50', after: '20.00' },
      ],
    });

    // The edit goes through review and is published in turn: version 2.
    expect((await review(p.id)).statusCode).toBe(200);
    expect((await published(p.id)).json().data.fields.Pattern_Name).toBe('Before');
    expect((await publish(p.id)).statusCode).toBe(200);
    expect((await published(p.id)).json().data).toMatchObject({
      version: 2,
      fields: { Pattern_Name: 'After', Price: 20 },
    });
    const after = await t.app.inject({
      url: PATTERN_PUBLISHED_PATHS.liveChanges(p.id),
      headers: owner.auth,
    });
    expect(after.json().data.changes).toEqual([]);
  });

  it('unpublishing answers 404, keeps the record not live; republishing makes the next version', async () => {
    const p = await publishedPattern();
    expect((await unpublish(p.id)).statusCode).toBe(200);
    const gone = await published(p.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This pattern is not published');
    const kept = await publishedVersion(t.deps.database.db, p.id);
    expect(kept).toMatchObject({ version: 1, live: false });
    expect(kept!.unpublishedAt).not.toBeNull();
    const live = async () => {
      const ids: number[] = [];
      for await (const page of livePublishedVersions(t.deps.database.db, 2)) {
        expect(page.length).toBeLessThanOrEqual(2);
        ids.push(...page.map((v) => v.ID));
      }
      return ids;
    };
    expect(await live()).not.toContain(p.id);
    expect((await review(p.id)).statusCode).toBe(200);
    expect((await publish(p.id)).statusCode).toBe(200);
    expect((await published(p.id)).json().data).toMatchObject({ version: 2, live: true });
    const all = await live();
    expect(all).toContain(p.id);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('version=published rows carry the storefront badge for admins, as the working list does', async () => {
    const p = await publishedPattern();
    await t.deps.database.db.execute(sql`
      INSERT INTO storefront_status (pattern_id, target, state, mode, since, live_since)
      VALUES (${p.id}, 'production', 'ok', 'upsert', now(), now())`);
    const rows = async (auth: Record<string, string>) =>
      (
        await t.app.inject({
          url: PATTERN_LIST_ROUTES.list,
          query: { version: 'published', pageSize: '100' },
          headers: auth,
        })
      ).json().data as { ID: number; storefront?: string }[];
    expect((await rows(admin.auth)).find((r) => r.ID === p.id)?.storefront).toBe('live');
    const own = (await rows(owner.auth)).find((r) => r.ID === p.id);
    expect(own).toBeDefined();
    expect(own).not.toHaveProperty('storefront');
  });

  it('version=published rows carry the published hero while its row still serves its thumbnails', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    await t.deps.database.db
      .insert(fileChecks)
      .values({ fileId: hero.id, check: photoCheck(true) });
    expect((await review(p.id)).statusCode).toBe(200);
    expect((await publish(p.id)).statusCode).toBe(200);
    const heroOf = async () =>
      (
        (
          await t.app.inject({
            url: PATTERN_LIST_ROUTES.list,
            query: { version: 'published', search: p.code },
            headers: owner.auth,
          })
        ).json().data as { ID: number; heroFileId: number | null }[]
      ).find((r) => r.ID === p.id)?.heroFileId;
    expect(await heroOf()).toBe(hero.id);
    // Replaced after publishing: the old row is gone, so is a thumbnail to show for it.
    await t.deps.database.db.delete(patternFiles).where(eq(patternFiles.id, hero.id));
    expect(await heroOf()).toBeNull();
  });

  it('is brand-scoped, answers 404 for a pattern never published, and API tokens may read it', async () => {
    const p = await publishedPattern();
    expect((await published(p.id, other.auth)).statusCode).toBe(404);
    expect((await published(p.id, owner.auth)).statusCode).toBe(200);
    const tok = await published(p.id, ownerToken);
    expect(tok.statusCode).toBe(200);
    expect(tok.json().data.ID).toBe(p.id);
    const draft = await seedPattern(t);
    expect((await published(draft.id)).statusCode).toBe(404);
    expect((await published(draft.id, ownerToken)).statusCode).toBe(404);
    const listed = await t.app.inject({
      url: PATTERN_LIST_ROUTES.list,
      query: { version: 'published', pageSize: '100' },
      headers: other.auth,
    });
    expect(listed.json().data.map((r: { ID: number }) => r.ID)).not.toContain(p.id);
    const bad = await t.app.inject({
      url: PATTERN_LIST_ROUTES.list,
      query: { version: 'live' },
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ version: 'version must be one of: working, published' });
  });

  it('the changes feed with version=published answers publications, unpublications and deletions only', async () => {
    const feed = async (since?: string, headers = admin.auth): Promise<ChangesResponse> =>
      (
        await t.app.inject({
          url: INTEGRATION_PATHS.changes,
          query: { version: 'published', limit: '1000', ...(since ? { since } : {}) },
          headers,
        })
      ).json();
    // Where the feed ends now, read from its table: the feed answers only transactions older than
    // the cluster's oldest running one, so its `next` read while a transaction elsewhere (another
    // database's) holds that back would lie before this file's earlier changes, answered later.
    const last = await t.deps.database.db.execute<{ cursor: string }>(
      sql`select txid::text || '.' || seq::text as cursor from published_changes order by txid desc, seq desc limit 1`,
    );
    const start = last.rows[0]?.cursor;
    const p = await publishedPattern();
    await edit(p.id, { Pattern_Name: 'Edited, not live' });
    expect((await review(p.id)).statusCode).toBe(200);
    expect((await publish(p.id)).statusCode).toBe(200);
    expect((await unpublish(p.id)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_DETAIL_PATHS.detail(p.id),
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    // Read again while a transaction elsewhere on the cluster holds the feed's horizon back (the
    // same hold can leave an earlier test's entry after `start`: only this pattern's are counted).
    const got = await vi.waitFor(
      async () => {
        const r = await feed(start);
        r.data = r.data.filter((c) => c.patternId === p.id);
        expect(r.data).toHaveLength(4);
        return r;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(got.data.map((c) => [c.patternId, c.change, c.version])).toEqual([
      [p.id, 'published', 1],
      [p.id, 'published', 2],
      [p.id, 'unpublished', 2],
      [p.id, 'deleted', 2],
    ]);
    expect(got.data[0]).toMatchObject({ SFCC_Pattern_ID: p.code, brandId: owner.brandId });
    expect((await feed(start, other.auth)).data).toEqual([]);
    expect((await feed(got.next)).data).toEqual([]);
    // Deleting moved it to the Trash (the 'deleted' above); restoring it says where it stands.
    const restore = await t.app.inject({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { ids: [p.id] },
      headers: admin.auth,
    });
    expect(restore.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await feed(got.next)).data.map((c) => [c.patternId, c.change, c.version])).toEqual([
          [p.id, 'unpublished', 2],
        ]),
      { timeout: 20_000, interval: 100 },
    );
  });

  it('webhooks: pattern.published carries the published version; pattern.updated of a published pattern says it is not live', async () => {
    await t.deps.database.db.insert(webhookEndpoints).values({
      url: 'https://hooks.example.com/storefront',
      events: ['pattern.published', 'pattern.updated', 'pattern.sent_to_review'],
      secret: 'whsec_test',
    });
    const events = async (id: number) =>
      (await t.deps.database.db.select().from(webhookEvents))
        .map((e) => e.payload as { type: string; data: Record<string, unknown> })
        .filter((e) => (e.data.pattern as { ID: number }).ID === id);
    const p = await publishedPattern({ name: 'Hooked' });
    await edit(p.id, { Pattern_Name: 'Hooked v2' });
    const [sent, pub, upd] = await events(p.id);
    expect(sent!.type).toBe('pattern.sent_to_review');
    expect(sent!.data).not.toHaveProperty('live'); // not published yet
    expect(pub).toMatchObject({
      type: 'pattern.published',
      data: {
        live: true,
        publishedVersion: 1,
        published: { ID: p.id, version: 1, live: true, fields: { Pattern_Name: 'Hooked' } },
      },
    });
    expect(upd).toMatchObject({
      type: 'pattern.updated',
      data: { live: false, publishedVersion: 1, pattern: { Pattern_Name: 'Hooked v2' } },
    });
    // A draft's update says nothing about a published version.
    const draft = await seedPattern(t);
    await edit(draft.id, { Pattern_Name: 'Draft edit' });
    const [d] = await events(draft.id);
    if (!d) throw new Error('expected d');
    expect(d.type).toBe('pattern.updated');
    expect(d.data).not.toHaveProperty('live');
    await t.deps.database.db
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.url, 'https://hooks.example.com/storefront'));
  });

  it('the API reference describes the published version, the list and feed choice and the payload fields', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths).toHaveProperty(['/api/patterns/{id}/published', 'get']);
    const listParams = doc.paths['/api/patterns'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(listParams).toContain('version');
    const hook = (type: string) =>
      doc.webhooks[type].post.requestBody.content['application/json'].schema.properties.data;
    expect(hook('pattern.published').required).toEqual(
      expect.arrayContaining(['pattern', 'live', 'publishedVersion', 'published']),
    );
    expect(Object.keys(hook('pattern.updated').properties)).toEqual(
      expect.arrayContaining(['live', 'publishedVersion']),
    );
  });
});
