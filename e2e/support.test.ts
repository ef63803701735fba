import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseURL, dataDir, workerBrowser, trackedPages, signIn } from './browser';
import { E2E_USERS } from './users';

const unique = () => crypto.randomBytes(4).toString('hex');

async function adminGet(pathname: string): Promise<Response> {
  return fetch(`${baseURL()}${pathname}`, {
    headers: { authorization: `Bearer ${await apiToken(E2E_USERS.admin)}` },
  });
}

async function supportSubjects(): Promise<{ id: number; subject: string }[]> {
  const res = await adminGet('/api/contact/support?pageSize=100&status=all');
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

/** Fills what the profile does not prefill: subject, phone, country and message. */
async function fillMessage(page: Page, subject: string) {
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Phone number').fill('+1 416 555 0100');
  await page.getByRole('button', { name: /Country/ }).click();
  await page.getByRole('option', { name: 'CA' }).click();
  await page
    .getByLabel('Message', { exact: true })
    .fill('The yardage PDF upload stops at 80 percent.');
}

describe('contact support and newsletter', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await pages.closeAll();
  });

  it('sends a message after accepting the terms through the modal, and shows its reference', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner, '/app/contact-support');
    await page.getByRole('heading', { name: 'Contact Support' }).waitFor();

    // Prefilled from the signed-in user; the phone line and hours are on the screen.
    expect(await page.getByLabel('Full name').inputValue()).toBe(E2E_USERS.partner.fullName);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(
      E2E_USERS.partner.email,
    );
    expect(await page.getByLabel('Brand/Company').inputValue()).toBe('Ditto');
    await page.getByText('9:00 AM-5:00 PM EST').first().waitFor();

    const subject = `Upload stops ${unique()}`;
    await fillMessage(page, subject);
    const terms = page.getByRole('switch', { name: 'I accept the Term & Policy' });
    expect(await terms.getAttribute('aria-checked')).toBe('false');
    await terms.click();
    const dialog = page.getByRole('dialog', { name: 'Term & Policy' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await terms.getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Your message has been sent to our support team.').first().waitFor();
    const notice = page.getByTestId('support-reference');
    const reference = Number(/Reference #(\d+)/.exec(await notice.innerText())?.[1]);
    expect(reference).toBeGreaterThan(0);

    // The form is reset to the user's details, and the terms must be accepted again.
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    expect(await page.getByLabel('Full name').inputValue()).toBe(E2E_USERS.partner.fullName);
    expect(await terms.getAttribute('aria-checked')).toBe('false');

    // Stored with that reference, and e-mailed to the support inbox (the outbox on the embedded default).
    expect((await supportSubjects()).find((m) => m.id === reference)?.subject).toBe(subject);
    const outbox = path.join(dataDir(), 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    const mail = mails.find((m) => m.includes(`[Support #${reference}]`));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^Reply-To: partner@e2e\.test$/m);
  });

  it('Reject leaves the switch off and sending is blocked with a warning', async () => {
    const page = await pages.open(390);
    await signIn(page, E2E_USERS.partner, '/app/contact-support');
    const subject = `Never sent ${unique()}`;

    // Required-field messages under the fields.
    await page.getByLabel('Full name').fill('');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByText('Subject is required').waitFor();
    await page.getByText('Phone number is required').waitFor();
    await page.getByLabel('Full name').fill('Pat Partner');
    await fillMessage(page, subject);

    const terms = page.getByRole('switch', { name: 'I accept the Term & Policy' });
    await terms.click();
    const dialog = page.getByRole('dialog', { name: 'Term & Policy' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await terms.getAttribute('aria-checked')).toBe('false');

    await page.getByRole('button', { name: 'Send message' }).click();
    // The live toast (role alert): the invalid submit above raised the same warning, and a copy
    // still closing has no role, so `.first()` of the text could pick that hidden copy.
    await page.getByRole('alert').filter({ hasText: 'Please accept term & policy' }).waitFor();
    // Nothing was sent and nothing typed was lost.
    expect(await page.getByLabel('Subject').inputValue()).toBe(subject);
    expect((await supportSubjects()).some((m) => m.subject === subject)).toBe(false);

    // Accept turns it on; clicking it when on turns it off without the modal.
    await terms.click();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    expect(await terms.getAttribute('aria-checked')).toBe('true');
    await terms.click();
    expect(await terms.getAttribute('aria-checked')).toBe('false');
    expect(await dialog.count()).toBe(0);
  });

  it("the footer's newsletter box: '- Email is required' when empty, a success toast for a good address", async () => {
    const page = await pages.open();
    await page.goto('/app/dashboard');
    const box = page.getByRole('contentinfo');
    const input = box.getByLabel('Newsletter e-mail address');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box.getByText('- Email is required').waitFor();

    const email = `reader-${unique()}@e2e.test`;
    await input.fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page
      .getByText(/Thanks for subscribing/)
      .first()
      .waitFor();
    expect(await input.inputValue()).toBe('');

    const csv = await adminGet('/api/newsletter/export.csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain(`${email},`);
  });

  it('admins see the message in the support inbox and mark it handled', async () => {
    const partnerToken = await apiToken(E2E_USERS.partner);
    const subject = `Inbox check ${unique()}`;
    const sent = await fetch(`${baseURL()}/api/contact/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerToken}` },
      body: JSON.stringify({
        fullName: 'Pat Partner',
        Brand_Company: 'Ditto',
        subject,
        email: 'partner@e2e.test',
        phoneNumber: '4165550100',
      }),
    });
    expect(sent.status).toBe(200);

    const page = await pages.open();
    await signIn(page, E2E_USERS.admin, '/app/contact-support');
    await page.getByRole('link', { name: /Support inbox/ }).click();
    await page.waitForURL('**/app/support-inbox');
    const card = page.getByRole('article', { name: subject });
    await card.waitFor();
    await card.getByRole('button', { name: 'Mark handled' }).click();
    await page
      .getByText(/marked handled/)
      .first()
      .waitFor();
    // Open is the default filter: the handled message leaves it; under Handled it shows who handled it.
    await card.waitFor({ state: 'detached' });
    await page.getByText('Handled', { exact: true }).first().click();
    await page
      .getByRole('article', { name: subject })
      .getByText(/by Ada Admin/)
      .waitFor();
    await page.getByText(/\d+ address(es)?/).waitFor();
  });
});
