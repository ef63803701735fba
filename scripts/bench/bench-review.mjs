// The review loop's reads on a busy pattern (issue 13): seeds one pattern with 1,000 activity
// entries and 200 recorded field changes since its last review, then times, in process,
// listing all 1,000 entries (10 pages of 100, as the API pages them) and computing
// "Changed since last review". Embedded PGlite; PostgreSQL too with TEST_DATABASE_URL or --pg[=URL].
// Benchmarks measure; they never fail on a number.
//   node scripts/bench/bench-review.mjs [--pg[=postgres://…]] [--samples=N]
import crypto from 'node:crypto';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import pg from 'pg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const arg = (name) =>
  process.argv
    .find((a) => a === `--${name}` || a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const pgArg = arg('pg');
const pgUrl =
  pgArg ||
  process.env.TEST_DATABASE_URL ||
  (pgArg === '' ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const SAMPLES = Number(arg('samples') || 30);

const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { openPglite, openPostgres, migrate } = await mod('src/server/db/client.ts');
const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
const { insertUser } = await mod('src/server/features/auth/auth.repo.ts');
const { recordActivity, listActivity } = await mod(
  'src/server/features/activity/activity.service.ts',
);
const { getReviewState } = await mod('src/server/features/lifecycle/review.service.ts');
const { takeSnapshot } = await mod('src/server/features/lifecycle/review-snapshot.ts');
const reviewRepo = await mod('src/server/features/lifecycle/review.repo.ts');
const detailRepo = await mod('src/server/features/patterns/detail.repo.ts');
const { patterns, sizes } = await mod('src/server/db/schema/patterns.ts');
const { brands } = await mod('src/server/db/schema/brands.ts');
const { eq } = await import('drizzle-orm');

const ms = (t) => `${t.toFixed(1)} ms`;
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function run(label, database) {
  const db = database.db;
  await migrate(database);
  await seedBrands(db);
  const [brand] = await db.select().from(brands).limit(1);
  const userId = await insertUser(db, {
    fullName: 'Bench Partner',
    email: `bench-${crypto.randomBytes(4).toString('hex')}@example.com`,
    passwordHash: 'x',
    role: 'user',
    brandId: brand.id,
  });
  const actor = {
    id: userId,
    fullName: 'Bench Partner',
    role: 'user',
    brandId: brand.id,
    email: 'b@example.com',
    sessionId: 0,
  };
  const admin = { ...actor, role: 'admin', brandId: null };
  const [p] = await db
    .insert(patterns)
    .values({
      SFCC_Pattern_ID: `BENCH-${Date.now()}`,
      Pattern_Name: 'Bench pattern',
      brandId: brand.id,
      Price: '10.00',
      SFCC_Status: 'in_review',
    })
    .returning();
  for (let s = 0; s < 20; s++)
    await db.insert(sizes).values({
      patternId: p.ID,
      pattern_view: 'A',
      Size: String(s),
      VariationID: `bench-${p.ID}-${s}`,
    });
  // The version last reviewed, then 200 recorded changes of fields and sizes since.
  await reviewRepo.saveSnapshot(
    db,
    p.ID,
    await takeSnapshot(db, await detailRepo.findPattern(db, p.ID, null)),
    'changes_requested',
  );
  let price = 10;
  for (let i = 0; i < 1000; i++) {
    if (i < 200) {
      await db.transaction(async (tx) => {
        price += 0.01;
        await tx
          .update(patterns)
          .set({
            Price: price.toFixed(2),
            Pattern_Name: `Bench pattern v${i}`,
            updatedAt: new Date(),
          })
          .where(eq(patterns.ID, p.ID));
        await recordActivity(tx, actor, p.ID, 'fields_changed', {
          changes: [
            {
              field: 'Price',
              label: 'Price',
              before: (price - 0.01).toFixed(2),
              after: price.toFixed(2),
            },
          ],
        });
      });
    } else {
      await recordActivity(db, actor, p.ID, 'note_addressed', {
        label: 'Price',
        addressed: i % 2 === 0,
      });
    }
  }
  const list = [];
  const changed = [];
  for (let s = 0; s < SAMPLES; s++) {
    let t = performance.now();
    let n = 0;
    for (let page = 1; page <= 10; page++)
      n += (await listActivity(db, p.ID, page, 100)).data.length;
    list.push(performance.now() - t);
    if (n !== 1000) throw new Error(`listed ${n} entries, expected 1000`);
    t = performance.now();
    const st = await getReviewState(db, admin, p.ID);
    changed.push(performance.now() - t);
    if (!st.changedSinceReview?.changes.length) throw new Error('no changes found');
  }
  console.log(
    `${label}: list 1,000 activity entries (10 pages of 100): p50 ${ms(pct(list, 50))}, p95 ${ms(pct(list, 95))}`,
  );
  console.log(
    `${label}: changed since last review after 200 changes (whole review state): p50 ${ms(pct(changed, 50))}, p95 ${ms(pct(changed, 95))}`,
  );
}

const lite = await openPglite(undefined);
try {
  await run('PGlite', lite);
} finally {
  await lite.close();
}
if (pgUrl) {
  const name = `ppp_bench_review_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), 4);
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
