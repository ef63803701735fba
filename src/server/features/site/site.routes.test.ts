import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '../../test/helper';
import { SITE_PATHS } from '../../../shared/contracts/site';

describe(`site config (${dbKind})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers no Instagram profile when INSTAGRAM_URL is not set, without sign-in', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: SITE_PATHS.config });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ instagramUrl: null });
  });

  it('answers the configured Instagram profile', async () => {
    t = await createTestApp({ INSTAGRAM_URL: 'https://www.instagram.com/simplicitypatterns/' });
    const res = await t.app.inject({ method: 'GET', url: SITE_PATHS.config });
    expect(res.json()).toEqual({ instagramUrl: 'https://www.instagram.com/simplicitypatterns/' });
  });
});
