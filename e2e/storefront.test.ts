import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, waitUntilHealthy } from '../scripts/portal-process.mjs';
import { workerBrowser } from './browser';
import { sfccSchemas } from '../src/server/test/sfcc-schemas';
import { startStandin, type Standin } from '../src/server/test/sfcc-standin';
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
import { BRAND_PATHS } from '../src/shared/contracts/brands';
import { migratedDataDir } from './migrated-data-dir';

/**
 * The storefront from an admin's seat, in Chromium: a portal of this test's own (the built
 * `dist/server/main.js`, embedded database) delivering to two Salesforce stand-ins; the admin
 * publishes a pattern in review, sees "Live on production" on the pattern screen, and downloads
 * the site-import archive from My Patterns. Needs SFCC_SCHEMAS (the stand-in's import job checks
 * each file against Salesforce's schemas).
 */
const { dir, reason } = sfccSchemas();
const ADMIN = { email: 'sf-admin@example.com', password: 'Sf-admin-pass1' };
/** Set to a folder to keep My Patterns' screenshots (1366 and 390 px) for a look. */
const shots = process.env.E2E_SCREENSHOTS;
const code = `E2E-SF-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

function catalogOf(file: string): Promise<{ entries: string[]; catalog: string }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const entries: string[] = [];
      let catalog = '';
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push(e.fileName);
        if (!e.fileName.endsWith('/catalog.xml')) return zip.readEntry();
        zip.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return reject(err2 ?? new Error('unreadable entry'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            catalog += Buffer.concat(parts).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ entries, catalog }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.skipIf(!dir)(`storefront in the browser${dir ? '' : ` (SKIPPED: ${reason})`}`, () => {
  let staging: Standin;
  let production: Standin;
  let portal: ChildProcess;
  let url = '';
  let dataDir = '';
  let browser: Browser;
  let context: BrowserContext;
  let id = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    staging = await startStandin(dir);
    production = await startStandin(dir, staging);
    // Its first start is not the subject: the database is migrated already (e2e/migrated-data-dir.ts).
    dataDir = await migratedDataDir('ppp-e2e-storefront-');
    const port = await freePort();
    portal = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        ...staging.env('STAGING'),
        ...production.env('PRODUCTION'),
        STOREFRONT_ALLOW_PRIVATE: 'true',
        STOREFRONT_BATCH_SECONDS: '1',
        STOREFRONT_POLL_MS: '100',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SERVER_PROCESSES: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PASSWORD_HASH_COST: '14',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    portal.stdout!.on('data', (d) => (output += d));
    portal.stderr!.on('data', (d) => (output += d));
    url = `http://127.0.0.1:${port}`;
    // A fresh start prints nothing until it listens and costs ~15 s of the portal's CPU, which a
    // loaded machine stretches to minutes of wall time: the wait is on the portal's progress (its
    // CPU budget, or a stall), and says what it saw when it gives up.
    await waitUntilHealthy(url, { child: portal, timeoutMs: 90_000, pollMs: 200 }).catch(
      (err: Error) => {
        throw new Error(`${err.message}; the portal printed:\n${output}`);
      },
    );

    // A pattern in review, created through the API.
    const login = await (
      await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.token}` };
    const brands = (await (await fetch(url + BRAND_PATHS.list, { headers: auth })).json()) as {
      data: { id: number }[];
    };
    const sizes: [string, string][] = [
      ['A', '10'],
      ['A', '12'],
    ];
    const created = await fetch(url + PATTERN_CREATE_PATH, {
      method: 'POST',
      headers: auth,
      body: submissionForm({ ...patternData(brands.data[0]!.id, code, sizes), Price: 12.5 }, [
        ...sizePdfParts(sizes.length),
        ...namedFileParts(),
      ]),
    });
    if (created.status !== 201)
      throw new Error(`seeding failed: ${created.status} ${await created.text()}`);
    id = ((await created.json()) as PatternCreateResponse).data.ID;
    const sent = await fetch(url + LIFECYCLE_PATHS.sendToReview(id), {
      method: 'POST',
      headers: auth,
    });
    if (!sent.ok) throw new Error(`send to review: ${sent.status} ${await sent.text()}`);

    browser = await workerBrowser();
    context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    context.on('page', (p: Page) => {
      p.on('pageerror', (e) => errors.push(e.message));
      p.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
          errors.push(m.text());
      });
    });
    // A safety net only: the start's wait above fails on its own when the portal stops progressing.
  }, 900_000);

  afterAll(async () => {
    await context?.close();
    if (portal && portal.exitCode === null) {
      portal.kill('SIGTERM');
      await new Promise((r) => portal.once('exit', r));
    }
    await staging?.close();
    await production?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an admin publishes, sees "Live on production", and downloads the archive', async () => {
    const page = await context.newPage();
    await page.goto('/app/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Administrator' }).first().waitFor();

    await page.goto(`/app/show-records/${id}`);
    await page.getByRole('button', { name: 'Publish to production' }).click();
    await page
      .getByRole('dialog', { name: 'Publish to production' })
      .getByRole('button', { name: 'Publish to production' })
      .click();
    await expect.poll(() => page.getByTestId('pattern-status').textContent()).toBe('Published');

    // The delivery runs in the background: the screen shows the outcome once production confirms,
    // without a reload (the publish refreshes the pattern's storefront state, which then polls
    // while its delivery is pending).
    const live = page.getByRole('status').filter({ hasText: 'Live on production' });
    await expect.poll(() => live.count(), { timeout: 60_000, interval: 500 }).toBe(1);
    expect(production.imports.filter((i) => i.code === 'OK').length).toBeGreaterThanOrEqual(1);
    expect(
      production.imports.some((i) => i.products.some((p) => p.id === code && p.mode === 'upsert')),
    ).toBe(true);

    // My Patterns: the archive of every published pattern, for an import by hand.
    await page.goto('/app/show-records');
    // The row says it is live on the storefront.
    const row = page.getByRole('row').filter({ hasText: code });
    await expect
      .poll(() => row.getByTestId('storefront-badge').first().textContent())
      .toBe('Storefront: Live');
    if (shots) {
      await page.screenshot({ path: path.join(shots, 'storefront-list-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await row.getByTestId('storefront-badge').first().waitFor();
      await page.screenshot({ path: path.join(shots, 'storefront-list-390.png') });
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Storefront archive (.zip)' }).click(),
    ]);
    const file = path.join(dataDir, 'downloaded.zip');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 4).toString('hex')).toBe('504b0304');
    const { entries, catalog } = await catalogOf(file);
    expect(entries.some((e) => /\/catalogs\/[^/]+\/catalog\.xml$/.test(e))).toBe(true);
    expect(catalog).toContain(`product-id="${code}"`);
    expect(errors).toEqual([]);
  }, 180_000);
});
