import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, migrate, openPglite, openPostgres } from '../db/client';

/**
 * One migrated database per test run, the state every test app starts from: PGlite's initdb costs
 * seconds, so it runs once here and the data directory is dumped (uncompressed: unzipping cost each
 * copy more than reading it from the page cache), which a worker loads when it has no PGlite kept
 * to reset (pglite-pool.ts); PostgreSQL test apps copy a template database.
 *
 * The PGlite dump is made small, since every fresh PGlite loads it (docs/benchmarks.md "Test suite"):
 * the cluster's two template databases are dropped (the portal uses only `postgres`, and never
 * creates a database on PGlite), a third of the files each clone would write, and a checkpoint
 * first, so that a clone starts without replaying the migrations' WAL. 43 MB and 1,264 files
 * became 28 MB and about 660.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  const dir = path.resolve('.test-data');
  fs.mkdirSync(dir, { recursive: true });
  // Where portal-process.ts builds the server bundle once for the run (when a file asks for it):
  // scripts/test.mjs names one for both API halves and removes it, else it is this run's.
  const bundle = process.env.PORTAL_BUNDLE_DIR ?? path.join(dir, `portal-${process.pid}`);
  project.provide('portalBundle', bundle);
  const removeBundle = () => {
    if (!process.env.PORTAL_BUNDLE_DIR) fs.rmSync(bundle, { recursive: true, force: true });
  };
  if (kind === 'pglite') {
    const pglite = await createPglite(undefined);
    // A new cluster's files as initdb leaves them, for the backup tests' empty targets
    // (backup/fixtures.ts): dumped where initdb runs anyway, instead of an initdb in each worker
    // that needs them (4.4 s of CPU).
    const empty = path.join(dir, `pglite-empty-${process.pid}.tar`);
    fs.writeFileSync(empty, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteEmptyCluster', empty);
    const db = await openPglite(undefined, undefined, { instance: pglite });
    await migrate(db);
    await pglite.exec(
      `UPDATE pg_database SET datistemplate = false WHERE datname LIKE 'template_'`,
    );
    await pglite.exec('DROP DATABASE template0');
    await pglite.exec('DROP DATABASE template1');
    await pglite.exec('CHECKPOINT');
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(dir, `pglite-template-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    await pglite.close();
    project.provide('pgliteTemplate', file);
    return () => {
      fs.rmSync(file, { force: true });
      fs.rmSync(empty, { force: true });
      removeBundle();
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const template = `ppp_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = await openPostgres(withDatabase(url, template), 1);
  await migrate(db);
  await db.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    removeBundle();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A new, empty PGlite cluster's dump (backup/fixtures.ts emptyTarget). */
    pgliteEmptyCluster: string;
    pgTemplate: string;
    /** The server bundle's directory (portal-process.ts bundlePortal). */
    portalBundle: string;
  }
}
