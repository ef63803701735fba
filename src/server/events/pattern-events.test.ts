import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../test/helper';
import { startStandin, type Standin } from '../test/sfcc-standin';
import { seedPattern } from '../features/patterns/detail.fixtures';
import { INTEGRATION_PATHS } from '../../shared/contracts/integrations';
import { patternEventHandlers, recordPatternEvent, recordPatternEvents } from './pattern-events';

/**
 * Changes as events (docs/architecture.md): a feature records one event per changed pattern; the
 * handlers background.ts registers (the storefront's queue, then the webhooks) write their outbox
 * rows in the change's transaction.
 */
describe(`pattern events (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let staging: Standin;
  beforeAll(async () => {
    staging = await startStandin(null); // no archive is built here: the schemas are not needed
    t = await createTestApp({ ...staging.env('STAGING'), WEBHOOK_ALLOW_PRIVATE: 'true' });
    admin = await createUser(t, { role: 'admin', brand: null });
    const r = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.endpoints,
      headers: admin.auth,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['pattern.sent_to_review'] },
    });
    expect(r.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await staging.close();
  });

  const db = () => t.deps.database.db;
  const outbox = async (patternId: number) => {
    const count = async (q: ReturnType<typeof sql>) =>
      Number((await db().execute<{ n: number }>(q)).rows[0]?.n ?? 0);
    return {
      storefront: await count(
        sql`select count(*)::int as n from storefront_pending where pattern_id = ${patternId}`,
      ),
      webhooks: await count(
        sql`select count(*)::int as n from webhook_events
            where type = 'pattern.sent_to_review' and payload->'data'->'pattern'->>'ID' = ${String(patternId)}`,
      ),
    };
  };

  it('registers the storefront, then the webhooks, as the handlers of a pattern change', () => {
    expect(patternEventHandlers().map((h) => h.name)).toEqual(['storefront', 'webhooks']);
  });

  it('a committed change reaches both handlers in its transaction; a rolled-back one leaves nothing', async () => {
    const kept = await seedPattern(t, { sizes: 1 });
    const dropped = await seedPattern(t, { sizes: 1 });
    await db().transaction((tx) => recordPatternEvent(tx, 'pattern.sent_to_review', kept.id));
    await expect(
      db().transaction(async (tx) => {
        await recordPatternEvent(tx, 'pattern.sent_to_review', dropped.id);
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails after its event');
    expect(await outbox(kept.id)).toEqual({ storefront: 1, webhooks: 1 });
    expect(await outbox(dropped.id)).toEqual({ storefront: 0, webhooks: 0 });
  });

  it('an event about several patterns reaches both handlers for each of them, in one call', async () => {
    const ps = [await seedPattern(t), await seedPattern(t), await seedPattern(t)];
    await db().transaction((tx) =>
      recordPatternEvents(
        tx,
        'pattern.sent_to_review',
        ps.map((p) => p.id),
      ),
    );
    for (const p of ps) expect(await outbox(p.id)).toEqual({ storefront: 1, webhooks: 1 });
  });
});
