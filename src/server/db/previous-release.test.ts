import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKind, TEST_PASSWORD } from '../test/helper';
import { parseEnv } from '../config/env';
import { createDeps } from '../deps';
import { buildApp } from '../app';
import { createLogger } from '../lib/logger';
import { hashPassword } from '../lib/password';
import { migrate } from './client';
import { journalTags, migrationsUpTo } from '../backup/migrations';
import { emptyTarget, type EmptyTarget } from '../backup/fixtures';

/** The last migration of the previous release: a database it wrote must open with today's code. */
const PREVIOUS_RELEASE = '0012_search_words';

describe(`upgrade from the previous release (${dbKind})`, () => {
  let target: EmptyTarget | undefined;
  afterAll(async () => {
    await target?.remove();
  });

  it(`starts on a database written by the migrations up to ${PREVIOUS_RELEASE}, applies the rest and finds everything`, async () => {
    target = await emptyTarget();
    const count = journalTags().indexOf(PREVIOUS_RELEASE) + 1;
    expect(count).toBeGreaterThan(0);
    const folder = migrationsUpTo(count);
    try {
      await migrate(target.database, folder);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // Data as that release wrote it (its columns, by SQL: today's schema objects may differ).
    const db = target.database.db;
    const hash = await hashPassword(TEST_PASSWORD);
    await db.execute(
      sql`INSERT INTO brands (id, name, slug) VALUES (901, 'Old Brand', 'old-brand')`,
    );
    await db.execute(sql`INSERT INTO users (full_name, email, password_hash, role, brand_id)
      VALUES ('Old Partner', 'old-partner@example.com', ${hash}, 'user', 901)`);
    await db.execute(sql`INSERT INTO patterns ("ID", "SFCC_Pattern_ID", "Pattern_Name", brand_id)
      VALUES (7001, 'OLD-1', 'Pattern from the last release', 901)`);
    await db.execute(sql`INSERT INTO sizes (pattern_id, "VariationID", pattern_view, "Size")
      VALUES (7001, 'OLD-1-A-S', 'A', 'S'), (7001, 'OLD-1-A-M', 'A', 'M')`);
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('patterns', 'ID'), 7001)`);
    await target.database.close();

    // Today's code starts on it: migrations after the release are applied at start.
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '14',
      ...target.env,
    });
    const deps = await createDeps(env, createLogger('silent'));
    const app = await buildApp(deps);
    try {
      const { rows } = await deps.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(Number(rows[0]?.n)).toBe(journalTags().length);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'old-partner@example.com', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json().token}` };
      const detail = await app.inject({ url: '/api/patterns/7001', headers: auth });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({
        SFCC_Pattern_ID: 'OLD-1',
        Pattern_Name: 'Pattern from the last release',
        brandName: 'Old Brand',
        sizesCount: 2,
      });
      const list = await app.inject({ url: '/api/patterns?search=release', headers: auth });
      expect(list.statusCode).toBe(200);
      expect(JSON.stringify(list.json())).toContain('OLD-1');
    } finally {
      await app.close();
      await deps.closeAll();
    }
  }, 300_000); // a safety net only: 70 s at load 14
});
