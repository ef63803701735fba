import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { newsletterSubscriptions } from '../../db/schema/support';
import { MSG } from '../../../shared/messages';
import {
  NEWSLETTER_MSG,
  NEWSLETTER_PATHS,
  NEWSLETTER_RATE_LIMIT,
} from '../../../shared/contracts/newsletter';
import { csvCell } from '../../lib/csv';

describe(`newsletter routes (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const subscribe = (email: unknown, ip = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: NEWSLETTER_PATHS.subscribe,
      payload: email === undefined ? {} : { email },
      remoteAddress: ip,
    });
  const rowsFor = (email: string) =>
    t.deps.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);

  it('stores an address once, lower-cased, and answers the same success when subscribing twice (no sign-in needed)', async () => {
    const first = await subscribe('  Reader.One@Example.COM ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_MSG.subscribed });
    const second = await subscribe('reader.one@example.com');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await rowsFor('reader.one@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('reader.one@example.com');
  });

  it("answers 'Email is required' when empty and 'Not Valid Email' for a bad address", async () => {
    for (const empty of [undefined, '', '   ']) {
      const res = await subscribe(empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ email: MSG.emailRequired });
    }
    const bad = await subscribe('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ email: MSG.emailInvalid });
    expect(bad.json().message).toContain(MSG.emailInvalid);
  });

  it('answers 429 with when to retry after too many requests for one address', async () => {
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.perEmail; i++) {
      expect((await subscribe('eager@example.com', `10.3.0.${i}`)).statusCode).toBe(200);
    }
    const res = await subscribe('EAGER@example.com', '10.3.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/try again in \d+ minutes/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await subscribe('patient@example.com', '10.3.1.1')).statusCode).toBe(200);
  });

  it('answers 429 after too many requests from one network address', async () => {
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.perIp; i++)
      await subscribe(`bulk${i}@example.com`, '10.4.4.4');
    const res = await subscribe('one-more@example.com', '10.4.4.4');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });

  it('exports the list as a CSV attachment, for admins only', async () => {
    await subscribe('csv.reader@example.com', '10.5.0.1');
    const user = await createUser(t);
    expect((await t.app.inject({ url: NEWSLETTER_PATHS.exportCsv })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ url: NEWSLETTER_PATHS.exportCsv, headers: user.auth });
    expect(forbidden.statusCode).toBe(403);

    const res = await t.app.inject({ url: NEWSLETTER_PATHS.exportCsv, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toContain('csv.reader@example.com');
    expect(emails).toContain('reader.one@example.com');
    expect(new Set(emails).size).toBe(emails.length);
    const [, at] = lines.find((l) => l.startsWith('csv.reader@'))!.split(',');
    expect(Date.parse(at ?? '')).not.toBeNaN();

    const summary = await t.app.inject({ url: NEWSLETTER_PATHS.summary, headers: admin.auth });
    expect(summary.json()).toMatchObject({ totalCountData: emails.length });
    expect(
      (await t.app.inject({ url: NEWSLETTER_PATHS.summary, headers: user.auth })).statusCode,
    ).toBe(403);
  });

  it('exports a list longer than one page', async () => {
    const values = Array.from({ length: 2100 }, (_, i) => ({
      email: `page-${i}@bulk.example.com`,
    }));
    await t.deps.database.db.insert(newsletterSubscriptions).values(values).onConflictDoNothing();
    const res = await t.app.inject({ url: NEWSLETTER_PATHS.exportCsv, headers: admin.auth });
    const emails = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0] ?? '');
    expect(emails.filter((e) => e.endsWith('@bulk.example.com'))).toHaveLength(2100);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('defuses spreadsheet formulas and quotes cells that need it', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});
