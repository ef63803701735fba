import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../test/helper';
import { listObjects } from '../test/submission';
import { samplePdf } from '../test/sample-files';
import { seedPattern, sizeIdOf } from '../features/patterns/detail.fixtures';
import { PATTERN_CREATE_PATH } from '../../shared/contracts/pattern-create';
import { PATTERN_DETAIL_PATHS } from '../../shared/contracts/pattern-detail';
import { SIZE_PATHS } from '../../shared/contracts/sizes';
import { USER_PATHS } from '../../shared/contracts/users';
import { IMPORT_PATHS } from '../../shared/contracts/imports';

/**
 * Every multipart route reads its body through the one reader (src/server/storage/multipart.ts):
 * a body the parser cannot read is the client's mistake, answered 400 with a message on each route,
 * and nothing of it stays in the store.
 */
describe(`multipart bodies that cannot be read (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  let admin: TestUser;
  let routes: { name: string; url: string; user: TestUser }[];
  beforeAll(async () => {
    t = await createTestApp({ IMPORT_WORKER: 'off' });
    partner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
    const p = await seedPattern(t, { sizes: 1 });
    routes = [
      { name: 'create a pattern', url: PATTERN_CREATE_PATH, user: partner },
      { name: 'pattern files', url: PATTERN_DETAIL_PATHS.files(p.id), user: partner },
      { name: 'add a size', url: SIZE_PATHS.list(p.id), user: partner },
      { name: 'update a size', url: SIZE_PATHS.one(sizeIdOf(p)), user: partner },
      {
        name: 'update the account (profile picture)',
        url: USER_PATHS.updateAccount,
        user: partner,
      },
      { name: 'sign up (admin creates an account)', url: USER_PATHS.signup, user: admin },
      { name: 'import a catalogue', url: IMPORT_PATHS.list, user: partner },
    ];
  });
  afterAll(() => t.close());

  const pdf = samplePdf(200_000, 'cut off');
  const bodies: [string, string, () => Buffer][] = [
    [
      'no boundary',
      'multipart/form-data',
      () =>
        Buffer.from('--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n'),
    ],
    [
      'a boundary the body does not use',
      'multipart/form-data; boundary=expected',
      () =>
        Buffer.from(
          '--other\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--other--\r\n',
        ),
    ],
    ['an empty boundary', 'multipart/form-data; boundary=', () => Buffer.from('--\r\n\r\n')],
    [
      'a body cut off in the middle of a file',
      'multipart/form-data; boundary=cut',
      () =>
        Buffer.concat([
          Buffer.from('--cut\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n'),
          Buffer.from(
            '--cut\r\nContent-Disposition: form-data; name="pattern_pdf_file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
          ),
          pdf.subarray(0, 100_000),
        ]),
    ],
  ];

  for (const [what, contentType, body] of bodies) {
    it(`answers 400 with a message on every multipart route for ${what}`, async () => {
      const before = listObjects(t).length;
      const answers: Record<string, unknown> = {};
      for (const r of routes) {
        const res = await t.app.inject({
          method: 'POST',
          url: r.url,
          headers: { ...r.user.auth, 'content-type': contentType },
          payload: body(),
        });
        answers[r.name] = {
          status: res.statusCode,
          hasMessage: typeof res.json().message === 'string' && res.json().message.length > 0,
        };
      }
      const expected = Object.fromEntries(
        routes.map((r) => [r.name, { status: 400, hasMessage: true }]),
      );
      expect(answers).toEqual(expected);
      expect(listObjects(t).length).toBe(before);
    });
  }

  it('still answers 400 with the route’s own message when the body is not multipart at all', async () => {
    for (const r of routes) {
      const res = await t.app.inject({
        method: 'POST',
        url: r.url,
        headers: r.user.auth,
        payload: { data: {} },
      });
      expect(res.statusCode, r.name).toBe(400);
      expect(res.json().message, r.name).toMatch(/multipart\/form-data/);
    }
  });
});
