import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite, openPostgres } from '../db/client';

/**
 * One migrated database per test run, cloned by each test file: PGlite's initdb costs seconds,
 * so it runs once here and files load the dumped data directory (uncompressed: unzipping cost each
 * clone more than reading 43 MB from the page cache); PostgreSQL files copy a template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  const dir = path.resolve('.test-data');
  fs.mkdirSync(dir, { recursive: true });
  if (kind === 'pglite') {
    const db = await openPglite(undefined);
    await migrate(db);
    const dump = await db.pglite!.dumpDataDir('none');
    const file = path.join(dir, `pglite-template-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(file, { force: true });
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
    pgTemplate: string;
  }
}
