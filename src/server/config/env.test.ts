import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE } from '../../shared/contracts/common';
import { EnvError, parseEnv } from './env';

/** Issue 11: the first admin cannot be given a password that sign-in then refuses. */
describe('ADMIN_PASSWORD and create-user follow the password rule', () => {
  const weak = 'correct horse battery staple';

  it('start-up stops with one line naming the variable and the rule, without echoing the password', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: weak })).toThrow(
      EnvError,
    );
    try {
      parseEnv({ ADMIN_PASSWORD: weak });
    } catch (err) {
      expect((err as Error).message).toBe(`Invalid configuration: ADMIN_PASSWORD ${PASSWORD_RULE}`);
      expect((err as Error).message).not.toContain(weak);
    }
    expect(
      parseEnv({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'Good-pass1' }).ADMIN_PASSWORD,
    ).toBe('Good-pass1');
  });

  it('create-user refuses it the same way before touching the database', () => {
    const cli = path.resolve(import.meta.dirname, '../cli/create-user.ts');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', cli, '--email', 'x@example.com', '--password', weak],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`create-user: --password ${PASSWORD_RULE}`);
  }, 60_000);
});

/** Several server processes share one database: PostgreSQL's, never the embedded one (issue 15). */
describe('SERVER_PROCESSES', () => {
  it('is one process unless set, and above one needs DATABASE_URL', () => {
    expect(parseEnv({}).SERVER_PROCESSES).toBe(1);
    expect(() => parseEnv({ SERVER_PROCESSES: '2' })).toThrow(
      'Invalid configuration: SERVER_PROCESSES above 1 needs DATABASE_URL (the embedded database belongs to one process): set DATABASE_URL to a PostgreSQL database, or SERVER_PROCESSES to 1',
    );
    expect(
      parseEnv({ SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://u@localhost/db' })
        .SERVER_PROCESSES,
    ).toBe(2);
    expect(() => parseEnv({ SERVER_PROCESSES: '0' })).toThrow(/SERVER_PROCESSES/);
  });
});
