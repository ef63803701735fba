import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { invitations, users } from '../../db/schema/users';
import { INVITATION_MSG, INVITATION_PATHS } from '../../../shared/contracts/invitations';
import { USER_MSG } from '../../../shared/contracts/users';
import { MSG } from '../../../shared/messages';
import { readOutbox, waitForMail } from './test-helpers';

const PUBLIC_URL = 'https://portal.example.com';
const tokenIn = (text: string) => {
  const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/app/accept-invitation`);
  return link.searchParams.get('token')!;
};

describe(`invitations (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, INVITE_DAYS: '3' });
    admin = await createUser(t, { role: 'admin', brand: null, fullName: 'Ada Admin' });
    partner = await createUser(t);
  });
  afterAll(() => t.close());

  const invite = (body: Record<string, unknown>, who = admin) =>
    t.app.inject({
      method: 'POST',
      url: INVITATION_PATHS.create,
      payload: body,
      headers: who.auth,
    });
  const accept = (body: Record<string, string>, ip = '10.30.0.1') =>
    t.app.inject({
      method: 'POST',
      url: INVITATION_PATHS.accept,
      payload: body,
      remoteAddress: ip,
    });
  const check = (token: string) =>
    t.app.inject({ method: 'POST', url: INVITATION_PATHS.check, payload: { token } });
  const list = async () =>
    (await t.app.inject({ url: INVITATION_PATHS.list, headers: admin.auth })).json().data as {
      id: number;
      email: string;
      expired: boolean;
    }[];

  /** Invites and reads the link's token from the mail. */
  async function invited(email: string, extra: Record<string, unknown> = {}) {
    const before = readOutbox(t.dataDir).length;
    const res = await invite({
      email,
      fullName: 'Ivy Invited',
      role: 'user',
      brand: 'mccalls',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail(t.dataDir, email, /invited/, before);
    return { id: res.json().data.id as number, token: tokenIn(mail.text), mail };
  }

  it('mails a one-time link valid INVITE_DAYS and lists the invitation as pending', async () => {
    const res = await invite({
      email: 'ivy@partner.example',
      fullName: 'Ivy Invited',
      role: 'user',
      brand: 'mccalls',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Invitation sent to ivy@partner.example');
    expect(body.data).toMatchObject({
      email: 'ivy@partner.example',
      role: 'user',
      brand: { name: "McCall's" },
      invitedBy: 'Ada Admin',
      expired: false,
    });
    const days = (Date.parse(body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    const mail = await waitForMail(t.dataDir, 'ivy@partner.example', /invited/);
    expect(mail.text).toContain('Ada Admin invited you');
    expect(mail.text).toContain('valid for 3 days');
    const token = tokenIn(mail.text);
    // Only a hash is kept; the answer and the list never carry the link.
    const [row] = await t.deps.database.db
      .select({ tokenHash: invitations.tokenHash })
      .from(invitations)
      .where(eq(invitations.id, body.data.id));
    if (!row) throw new Error('expected row');
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toBe(token);
    expect(JSON.stringify(body)).not.toContain(token);
    expect((await list()).map((i) => i.email)).toContain('ivy@partner.example');
    // Once sent, the queued mail keeps no usable copy of the link (the database and its backups).
    await expect
      .poll(async () => {
        const { rows } = await t.deps.database.db.execute<{ status: string; payload: string }>(
          sql`SELECT status, payload::text AS payload FROM jobs WHERE payload->>'to' = 'ivy@partner.example'`,
        );
        return rows[0]?.status === 'done' && !rows[0].payload.includes(token);
      })
      .toBe(true);
  });

  it('checks the fields, the address and waiting invitations', async () => {
    const empty = await invite({ email: '', fullName: '', role: 'user' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      email: MSG.emailRequired,
      fullName: 'Full Name is required',
      brand: MSG.chooseBrand,
    });
    const taken = await invite({
      email: partner.email,
      fullName: 'P',
      role: 'user',
      brand: 'ditto',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: USER_MSG.emailTaken });
    await invited('twice@partner.example');
    const again = await invite({
      email: 'TWICE@partner.example',
      fullName: 'T',
      role: 'user',
      brand: 'ditto',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ email: INVITATION_MSG.pending });
    expect(
      (await invite({ email: 'x@y.example', fullName: 'X', role: 'user', brand: 'ditto' }, partner))
        .statusCode,
    ).toBe(403);
  });

  it('lets the invited person choose a password (same rules) and signs them in, once', async () => {
    const { token } = await invited('paula@partner.example');
    expect((await check(token)).json()).toEqual({
      email: 'paula@partner.example',
      fullName: 'Ivy Invited',
    });
    const short = await accept({ token, password: 'short', repeatPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe(MSG.passwordMinSignup);
    const mismatch = await accept({ token, password: 'Passw0rd!x', repeatPassword: 'Passw0rd!y' });
    expect(mismatch.json().fields.repeatPassword).toBe(MSG.passwordMismatch);

    const res = await accept({ token, password: 'Chosen-Pass1', repeatPassword: 'Chosen-Pass1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'paula@partner.example',
      role: 'user',
      brand: { slug: 'mccalls' },
    });
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'paula@partner.example', password: 'Chosen-Pass1' },
      remoteAddress: '10.30.0.9',
    });
    expect(login.statusCode).toBe(200);

    // Used: says so and does nothing.
    const again = await accept({ token, password: 'Other-Pass1', repeatPassword: 'Other-Pass1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ token: INVITATION_MSG.used });
    expect((await check(token)).json().message).toBe(INVITATION_MSG.used);
    const count = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'paula@partner.example'`);
    expect(count[0]?.n).toBe(1);
    expect((await list()).map((i) => i.email)).not.toContain('paula@partner.example');
  });

  it('an expired link says so and does nothing; Resend sends a new link and the old one stops working', async () => {
    const { id, token } = await invited('late@partner.example');
    await t.deps.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, id));
    expect((await list()).find((i) => i.id === id)?.expired).toBe(true);
    const expired = await accept({
      token,
      password: 'Chosen-Pass1',
      repeatPassword: 'Chosen-Pass1',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(INVITATION_MSG.expired);

    const before = readOutbox(t.dataDir).length;
    const resent = await t.app.inject({
      method: 'POST',
      url: INVITATION_PATHS.resend(id),
      headers: admin.auth,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.expired).toBe(false);
    const fresh = tokenIn(
      (await waitForMail(t.dataDir, 'late@partner.example', /invited/, before)).text,
    );
    expect(fresh).not.toBe(token);
    expect((await check(token)).json().message).toBe(INVITATION_MSG.invalid);
    expect((await check(fresh)).statusCode).toBe(200);
  });

  it('Cancel ends a pending invitation: its link says so', async () => {
    const { id, token } = await invited('cancel@partner.example');
    const res = await t.app.inject({
      method: 'DELETE',
      url: INVITATION_PATHS.cancel(id),
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await list()).some((i) => i.id === id)).toBe(false);
    const after = await accept({ token, password: 'Chosen-Pass1', repeatPassword: 'Chosen-Pass1' });
    expect(after.json().message).toBe(INVITATION_MSG.cancelled);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: INVITATION_PATHS.cancel(id),
      headers: admin.auth,
    });
    expect(twice.statusCode).toBe(404);
    // The address can be invited anew.
    await invited('cancel@partner.example');
  });

  it('a made-up link says it is not valid', async () => {
    const res = await check('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVITATION_MSG.invalid);
  });
});
