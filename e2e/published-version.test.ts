import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiToken, baseURL, workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import {
  namedFileParts,
  patternData,
  sizePdfParts,
  submissionForm,
} from '../src/server/test/submission';
import {
  PATTERN_CREATE_PATH,
  type PatternCreateResponse,
} from '../src/shared/contracts/pattern-create';
import { LIFECYCLE_PATHS } from '../src/shared/contracts/lifecycle';
import { PATTERN_DETAIL_PATHS } from '../src/shared/contracts/pattern-detail';
import { PATTERN_PUBLISHED_PATHS } from '../src/shared/contracts/pattern-published';

const code = `E2E-LIVE-${Date.now().toString(36)}`;
/** Set to a folder to keep the screen's screenshots (1366 and 390 px) for a look. */
const shots = process.env.E2E_SCREENSHOTS;

describe('published version on the pattern screen', () => {
  let browser: Browser;
  let id: number;
  const pages = trackedPages(() => browser);
  const call = async (
    user: { email: string; password: string },
    method: string,
    url: string,
    body?: object,
  ) => {
    const auth = { authorization: `Bearer ${await apiToken(user)}` };
    const res = await fetch(baseURL() + url, {
      method,
      headers: body ? { ...auth, 'content-type': 'application/json' } : auth,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  beforeAll(async () => {
    browser = await workerBrowser();
    // The partner's complete pattern, sent to review and published, then edited: the edit waits.
    const token = await apiToken(E2E_USERS.partner);
    const auth = { authorization: `Bearer ${token}` };
    const me = await (await fetch(`${baseURL()}/api/auth/me`, { headers: auth })).json();
    const sizes: [string, string][] = [['A', '10']];
    const data = { ...patternData(me.user.brand.id, code, sizes), Price: 12.5 };
    const res = await fetch(baseURL() + PATTERN_CREATE_PATH, {
      method: 'POST',
      headers: auth,
      body: submissionForm(data, [...sizePdfParts(sizes.length), ...namedFileParts()]),
    });
    if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
    id = ((await res.json()) as PatternCreateResponse).data.ID;
    await call(E2E_USERS.partner, 'POST', LIFECYCLE_PATHS.sendToReview(id));
    await call(E2E_USERS.admin, 'POST', LIFECYCLE_PATHS.publish(id));
    const d = (await call(E2E_USERS.partner, 'GET', PATTERN_DETAIL_PATHS.detail(id))).data;
    await call(E2E_USERS.partner, 'PUT', PATTERN_DETAIL_PATHS.detail(id), {
      SFCC_Pattern_ID: d.SFCC_Pattern_ID,
      Pattern_Name: `${d.Pattern_Name} (spring)`,
      Brand: d.Brand,
      Price: 14.99,
    });
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  it('shows what is live and what the waiting edit changes, at 1366 and 390 px', async () => {
    const live = (await call(E2E_USERS.partner, 'GET', PATTERN_PUBLISHED_PATHS.published(id))).data;
    expect(live).toMatchObject({ version: 1, fields: { Price: 12.5 } });
    for (const width of [1366, 390]) {
      const page = await pages.open(width);
      await signIn(page, E2E_USERS.partner, `/app/show-records/${id}`);
      const panel = page.getByRole('region', { name: 'Live on the storefront' });
      await panel.getByText('Version 1, published').waitFor();
      const rows = panel.getByTestId('live-changes').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(0).innerText()).toMatch(
        /Pattern Name\s+Pattern .+\s+Pattern .+ \(spring\)/,
      );
      expect(await rows.nth(1).innerText()).toMatch(/Price\s+12\.50\s+14\.99/);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (shots) {
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `live-version-${width}.png`) });
      }
    }
  });
});
