import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp } from '../test/helper';
import { readOutbox, waitForMail } from '../features/users/test-helpers';
import { scrubError, scrubUrl } from './logger';

/** Issue 11: passwords, hashes, tokens, reset links and codes never reach the log. */
describe(`log lines carry no secrets (${dbKind})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { logTo: (line) => lines.push(line) });
  });
  afterAll(() => t.close());

  it('a failing write with a new password hash logs its shape and error, not its values', async () => {
    const u = await createUser(t, { email: 'logged@example.com' });
    // A reset link, read from the outbox as a developer would (the log only names the file).
    const before = readOutbox(t.dataDir).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
      remoteAddress: '10.40.0.1',
    });
    const mail = await waitForMail(t.dataDir, u.email, /Reset your/, before);
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    // Any new password hash now fails to be written (a check the existing rows need not meet).
    await t.deps.database.db.execute(
      sql.raw(
        `ALTER TABLE users ADD CONSTRAINT log_test_no_new_hash CHECK (password_hash = 'never') NOT VALID`,
      ),
    );
    const secret = 'Sekret-Value-42!';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: u.email, token, password: secret, repeatPassword: secret },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toMatch(/Something went wrong \(ref [0-9a-f]+\)/);
      // The page the link opens is requested with its token in the query.
      await t.app.inject({
        url: `/app/reset-password?email=${encodeURIComponent(u.email)}&token=${token}`,
      });
    } finally {
      await t.deps.database.db.execute(
        sql.raw('ALTER TABLE users DROP CONSTRAINT log_test_no_new_hash'),
      );
    }
    const log = lines.join('');
    expect(log).toMatch(/unhandled error/); // the failure is logged ...
    expect(log).toMatch(/log_test_no_new_hash|check constraint/); // ... with its error ...
    expect(log).toContain('mail written to outbox');
    for (const value of [secret, token, link, 'scrypt$', u.email]) expect(log).not.toContain(value); // ... and none of its values
  });

  it('scrubs the parameters Drizzle puts in a failed query, in the message, stack, fields and causes', () => {
    const cause = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (1, scrypt$x).',
    });
    const err = Object.assign(
      new Error(
        'Failed query: update "users" set "password_hash" = $1 where "id" = $2\nparams: scrypt$131072$8$1$abc,7',
      ),
      {
        params: ['scrypt$131072$8$1$abc', 7],
        cause,
      },
    );
    const out = JSON.stringify(scrubError(err));
    expect(out).toContain('update \\"users\\" set \\"password_hash\\" = $1');
    expect(out).toContain('23514');
    expect(out).not.toContain('scrypt$');
  });

  it('blanks secret query values in logged URLs', () => {
    expect(scrubUrl('/app/reset-password?email=a%40b.c&token=abc123&x=1')).toBe(
      '/app/reset-password?email=[redacted]&token=[redacted]&x=1',
    );
  });
});
