import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerBrowser, newPage, takePageErrors } from './browser';

// The fixture itself: what e2e/setup.ts would fail a test for is recorded from every page.
describe('page errors fail e2e tests', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await workerBrowser();
  });

  it('records an uncaught error and a console.error, in the first page and in one the app opens', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/app/login');
    await page.evaluate(() => {
      console.error('logged on purpose');
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
    });
    const popup = context.waitForEvent('page');
    await page.evaluate(() => window.open('/app/login'));
    await (await popup).evaluate(() => console.error('from the new tab'));
    const seen: string[] = [];
    await expect
      .poll(() => (seen.push(...takePageErrors()), seen.join('\n')), { timeout: 5000 })
      .toMatch(
        /logged on purpose[\s\S]*thrown on purpose|thrown on purpose[\s\S]*logged on purpose/,
      );
    await expect
      .poll(() => (seen.push(...takePageErrors()), seen.join('\n')), { timeout: 5000 })
      .toContain('from the new tab');
    expect(seen.join('\n')).toMatch(/^uncaught in http.*\/app\/login: thrown on purpose$/m);
    await context.close();
    // Taken here, so the setup's afterEach finds none: this test provoked them on purpose.
    expect(takePageErrors()).toEqual([]);
  });
});
