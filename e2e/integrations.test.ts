import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';

describe('integrations screen', () => {
  let browser: Browser;
  let server: http.Server;
  let url: string;
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await pages.closeAll();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('an admin adds an endpoint, sends a test event, sees the delivery and redelivers it', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.admin, '/app/integrations');
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByText('No webhook endpoints yet.').waitFor();

    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Description').fill('Storefront sync');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('shown-once').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event queued').waitFor();
    const row = card.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByRole('cell', { name: 'Delivered' }).waitFor({ timeout: 20_000 });
    await row.getByRole('cell', { name: '200' }).waitFor();
    // Other journeys run beside this one against the same portal: their pattern events reach this
    // endpoint too (it takes the default events), so only the test events are counted.
    const tests = () => got.filter((g) => g.body.includes('"type":"webhook.test"'));
    expect(tests()).toHaveLength(1);
    expect(
      new Webhook(secret).verify(tests()[0]!.body, tests()[0]!.headers as Record<string, string>),
    ).toMatchObject({ type: 'webhook.test' });

    await row.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText('Redelivery queued').waitFor();
    await row.getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: 20_000 });
    expect(tests()).toHaveLength(2);
    expect(tests()[1]!.headers['webhook-id']).toBe(tests()[0]!.headers['webhook-id']);
  });
  it('on a phone (390 px): the secret copies with a confirmation, deliveries filter and page without panning sideways, the old secret ends at once', async () => {
    const page = await pages.open(390, { height: 844 });
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page.on('dialog', (d) => void d.accept());
    await signIn(page, E2E_USERS.admin, '/app/integrations');
    const phoneUrl = `${url}-phone`;
    await page.getByLabel('URL').fill(phoneUrl);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('shown-once').textContent())!;
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('listitem').filter({ hasText: phoneUrl }).first();
    await card.getByRole('button', { name: 'Send test event' }).click();
    // Other journeys' pattern events reach this endpoint too (it takes the default events): the
    // test event's own delivery is the one waited for.
    await card
      .getByRole('listitem')
      .filter({ hasText: 'webhook.test' })
      .getByText('Delivered · 200')
      .waitFor({ timeout: 20_000 });
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);

    await card.getByLabel('Failed only').check();
    await card.getByText('No failed deliveries.').waitFor();
    await card.getByRole('button', { name: 'Redeliver failed' }).click();
    await page.getByText('There are no failed deliveries to send again').waitFor();

    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await card.getByText('The previous secret also signs until').waitFor();
    await card.getByRole('button', { name: 'End the old secret now' }).click();
    await page
      .getByText('The previous secret no longer signs. Only the current secret is valid.')
      .waitFor();
    await card.getByText('The previous secret also signs until').waitFor({ state: 'detached' });
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
  });
});
