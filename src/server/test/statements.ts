import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';

/**
 * Every statement drizzle sends on `db` for `fn` (in its async context) while it runs, transactions' included (they take the
 * session's options), for tests that count statements (never time). PGlite's driver logs no
 * BEGIN/COMMIT; `withoutTransactionControl` leaves those out on PostgreSQL too, so both count alike.
 */
export async function statementsOf(
  db: Database['db'],
  fn: () => Promise<unknown>,
  opts: { withoutTransactionControl?: boolean } = {},
): Promise<string[]> {
  const session = (db as unknown as { session: { logger: object; options: { logger?: object } } })
    .session;
  const sent: string[] = [];
  const quiet = [session.logger, session.options.logger] as const;
  // Only what `fn` sends, in its own async context: a timer of the app's (the hourly sweep's first
  // run, say) may query the same database meanwhile, more often the slower the machine.
  const mine = new AsyncLocalStorage<true>();
  session.logger = session.options.logger = {
    logQuery: (q: string) => {
      if (mine.getStore()) sent.push(q);
    },
  };
  try {
    await mine.run(true, fn);
  } finally {
    [session.logger, session.options.logger] = quiet;
  }
  return opts.withoutTransactionControl
    ? sent.filter((q) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(q))
    : sent;
}
