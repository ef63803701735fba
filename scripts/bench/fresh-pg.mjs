import pg from 'pg';

/** A fresh database `name` on the PostgreSQL server at `url` (dropped first), for a bench run; `drop()` removes it. */
export async function freshPgDatabase(url, name) {
  const run = async (sqlText) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sqlText);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
