import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp } from '../../test/helper';
import { runsIn } from '../../test/skip';
import { withDatabase } from '../../test/global-setup';
import { openPostgres } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import { createDeps } from '../../deps';
import { buildApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { sessionCacheOf } from './session-cache';
import { firstRow } from '../../lib/rows';

/** Session checks come from memory (issue 15); these prove an ended session is refused at once. */
describe(`session cache (${dbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const me = (app: TestApp['app'], auth: { authorization: string }) =>
    app.inject({ url: '/api/auth/me', headers: auth }).then((r) => r.statusCode);
  const cache = () => sessionCacheOf(t.deps.database.db)!;

  it('answers a signed-in user from memory (no session query)', async () => {
    const u = await createUser(t);
    expect(await me(t.app, u.auth)).toBe(200);
    // Remove the row with triggers off (so no notification): the cache still knows the session.
    await t.deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.userId, u.id));
    });
    expect(cache().size).toBeGreaterThan(0);
    expect(await me(t.app, u.auth)).toBe(200);
  });

  it('refuses the token right after sign-out', async () => {
    const u = await createUser(t);
    expect(await me(t.app, u.auth)).toBe(200);
    const signout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: u.auth,
    });
    expect(signout.statusCode).toBe(200);
    expect(await me(t.app, u.auth)).toBe(401);
  });

  it('refuses a disabled account at once, and a user changed behind its back (another code path)', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    expect(await me(t.app, u.auth)).toBe(200);
    expect(await me(t.app, other.auth)).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}/status`,
      headers: admin.auth,
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await me(t.app, u.auth)).toBe(401);
    // A role change written by any code: the users trigger tells the cache.
    const userList = () =>
      t.app
        .inject({ method: 'POST', url: '/api/auth/user-list', headers: other.auth, payload: {} })
        .then((r) => r.statusCode);
    expect(await userList()).toBe(403);
    await t.deps.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.id));
    await expect.poll(userList, { timeout: 1000, interval: 5 }).toBe(200);
  });

  it('ends sessions deleted in a transaction (password change path) at commit', async () => {
    const u = await createUser(t);
    expect(await me(t.app, u.auth)).toBe(200);
    await t.deps.database.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.userId, u.id));
    });
    await expect.poll(() => me(t.app, u.auth), { timeout: 1000, interval: 5 }).toBe(401);
  });

  it.runIf(dbKind === 'postgres')(
    `a second instance on the same database drops a session signed out on the first${runsIn('api-postgres', dbKind === 'postgres')}`,
    async () => {
      // Two app instances, each with its own pool and listening connection, in this one process
      // (two OS processes would cost a portal start-up each).
      const { name } = firstRow(
        (await t.deps.database.db.execute<{ name: string }>(sql`select current_database() as name`))
          .rows,
        'the database name',
      );
      const database = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), 2);
      const deps = await createDeps(t.deps.env, createLogger('silent'), database);
      const second = await buildApp(deps);
      await second.ready();
      try {
        const u = await createUser(t);
        expect(await me(second, u.auth)).toBe(200);
        expect(sessionCacheOf(database.db)!.size).toBeGreaterThan(0);
        await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: u.auth });
        // Dropped by the notification: a cached entry would otherwise live until the session's expiry (days).
        await expect.poll(() => me(second, u.auth), { timeout: 10_000, interval: 2 }).toBe(401);
      } finally {
        await second.close();
        await deps.closeAll();
      }
    },
  );
});
