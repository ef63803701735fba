import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, newPage } from './browser';

describe('shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('redirects / to /app/dashboard', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(baseURL() + '/');
    await page.waitForURL('**/app/dashboard');
    expect(new URL(page.url()).pathname).toBe('/app/dashboard');
    await context.close();
  });
});
