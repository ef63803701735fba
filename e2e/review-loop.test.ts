import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseURL, dataDir, workerBrowser, signIn, trackedPages } from './browser';
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
import { MSG } from '../src/shared/messages';
import { LIFECYCLE_MSG, sendAnywayTitle } from '../src/shared/contracts/lifecycle';
import { PATTERN_DETAIL_MSG } from '../src/shared/contracts/pattern-detail';

const code = `E2E-REVIEW-${Date.now().toString(36)}`;

/** The partner's pattern as the submission endpoint stores it (complete: two sizes with PDFs, price 12.50). */
async function submit(): Promise<number> {
  const token = await apiToken(E2E_USERS.partner);
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await fetch(`${baseURL()}/api/auth/me`, { headers: auth })).json();
  const sizes: [string, string][] = [
    ['A', '6'],
    ['A', '8'],
  ];
  const data = { ...patternData(me.user.brand.id, code, sizes), Price: 12.5 };
  const res = await fetch(baseURL() + PATTERN_CREATE_PATH, {
    method: 'POST',
    headers: auth,
    body: submissionForm(data, [...sizePdfParts(sizes.length), ...namedFileParts()]),
  });
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as PatternCreateResponse).data.ID;
}

/** Mails the portal wrote to DATA_DIR/outbox (no SMTP_URL in e2e), addressed to `to`. */
const mailsTo = (to: string) => {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${to}`));
};

describe('review loop', () => {
  let browser: Browser;
  let id: number;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
    id = await submit();
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });
  const toast = (page: Page, text: string) =>
    page.locator('.Toastify').getByText(text, { exact: false }).first().waitFor();
  const send = async (page: Page, dialog = 'Send to review', confirm = 'Send to review') => {
    await page.getByRole('button', { name: 'Send to review' }).click();
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: confirm }).click();
    await toast(page, MSG.reviewed);
    await expect.poll(() => page.getByTestId('pattern-status').textContent()).toBe('In review');
  };

  it(
    'partner submits, admin requests changes with two field notes, partner fixes one and resends, admin sees that change and publishes; the activity tells it all',
    { timeout: 300_000 },
    async () => {
      const partner = await pages.open();
      await signIn(partner, E2E_USERS.partner, `/app/show-records/${id}`);
      await partner.getByRole('heading', { name: `Pattern ${code}`, level: 1 }).waitFor();
      await send(partner);

      // The admin's header counts it; To review opens My Patterns filtered to In review, oldest first.
      const admin = await pages.open();
      await signIn(admin, E2E_USERS.admin);
      await expect
        .poll(async () => Number(await admin.getByTestId('to-review-count').textContent()))
        .toBeGreaterThanOrEqual(1);
      await admin.getByTestId('to-review').click();
      await admin.waitForURL(/status=in_review.*dir=asc|dir=asc.*status=in_review/);
      await admin.goto(`/app/show-records/${id}`);
      await admin.getByRole('heading', { name: 'Changed since last review' }).waitFor();
      await admin.getByText('This pattern is reviewed for the first time').waitFor();

      await admin.getByRole('button', { name: 'Request changes' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Request changes' });
      await dialog.getByRole('button', { name: 'Request changes' }).click();
      await dialog.getByText('Reason is required').waitFor();
      await dialog.getByLabel('Reason').fill('Price and name need work');
      await dialog.getByRole('button', { name: 'Add note' }).click();
      await dialog.getByLabel('Note 1 is about').selectOption({ label: 'Price' });
      await dialog.getByLabel('Note 1', { exact: true }).fill('should be 14.99');
      await dialog.getByRole('button', { name: 'Add note' }).click();
      await dialog.getByLabel('Note 2 is about').selectOption({ label: 'Pattern Name' });
      await dialog.getByLabel('Note 2', { exact: true }).fill('add the season');
      // A note on a file and one on a size: each shows in its own card / under its own row.
      const about = async (n: number, option: RegExp) => {
        const select = dialog.getByLabel(`Note ${n} is about`);
        const value = await select.locator('option', { hasText: option }).getAttribute('value');
        await select.selectOption(value!);
      };
      await dialog.getByRole('button', { name: 'Add note' }).click();
      await about(3, /yardage\.pdf$/);
      await dialog.getByLabel('Note 3', { exact: true }).fill('pages are A3, we need Letter');
      await dialog.getByRole('button', { name: 'Add note' }).click();
      await about(4, /^Size A \/ 8$/);
      await dialog.getByLabel('Note 4', { exact: true }).fill('VariationID is wrong');
      await dialog.getByRole('button', { name: 'Request changes' }).click();
      await toast(admin, LIFECYCLE_MSG.changesRequested);
      await expect
        .poll(() => admin.getByTestId('pattern-status').textContent())
        .toBe('Changes requested');

      // The partner sees the reason on top and each note at its field, and has the mail.
      await partner.reload();
      await partner.getByTestId('review-reason').getByText('Price and name need work').waitFor();
      const details = partner.getByRole('region', { name: 'Basic Pattern Details' });
      await details.getByTestId('review-note').filter({ hasText: 'should be 14.99' }).waitFor();
      await details.getByTestId('review-note').filter({ hasText: 'add the season' }).waitFor();
      await partner
        .getByTestId('file-Yardage_PDF')
        .getByTestId('review-note')
        .filter({ hasText: 'pages are A3, we need Letter' })
        .waitFor();
      const size8 = partner
        .getByTestId('size-row')
        .filter({ has: partner.getByRole('link', { name: '8', exact: true }) });
      await expect
        .poll(() => size8.locator('xpath=following-sibling::tr[1]').getAttribute('data-testid'))
        .toBe('size-note-row');
      expect(await size8.locator('xpath=following-sibling::tr[1]').innerText()).toContain(
        'VariationID is wrong',
      );
      expect(await partner.getByTestId('size-note-row').count()).toBe(1);
      expect(await partner.getByTestId('review-note').count()).toBe(4);
      await expect
        .poll(
          () =>
            mailsTo(E2E_USERS.partner.email).filter((m) => m.includes('Price: should be 14.99'))
              .length,
          { timeout: 20_000 },
        )
        .toBe(1);
      expect(mailsTo(E2E_USERS.partner.email).find((m) => m.includes('should be 14.99'))).toContain(
        `/app/show-records/${id}`,
      );

      // Fixes the price only, and sends it again: the notes leave the screen.
      await partner.getByRole('button', { name: 'Edit details' }).click();
      const form = partner.getByRole('form', { name: 'Edit pattern' });
      await form.getByLabel('Price').fill('14.99');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await toast(partner, PATTERN_DETAIL_MSG.updated);
      await expect
        .poll(() => partner.getByRole('checkbox', { name: /Price: should be 14.99/ }).isChecked())
        .toBe(true);
      // Three of the four notes are still open: the partner is asked, and sends anyway (issue 48).
      await partner.getByRole('button', { name: 'Send to review' }).click();
      const anyway = partner.getByRole('dialog', { name: sendAnywayTitle(3, 4) });
      await expect
        .poll(() => anyway.getByTestId('send-open-notes').getByRole('listitem').allInnerTexts())
        .toEqual([
          'Pattern Name: add the season',
          expect.stringMatching(/yardage\.pdf: pages are A3, we need Letter$/),
          'Size A / 8: VariationID is wrong',
        ]);
      await anyway.getByRole('button', { name: 'Cancel' }).click();
      await anyway.waitFor({ state: 'detached' });
      await send(partner, sendAnywayTitle(3, 4), 'Send anyway');
      await expect.poll(() => partner.getByTestId('review-note').count()).toBe(0);

      // The admin sees exactly that field under Changed since last review, and publishes.
      await admin.reload();
      const changed = admin.getByTestId('changed-since');
      await changed.waitFor();
      await expect
        .poll(() => changed.locator('tbody tr').allInnerTexts())
        .toEqual(['Price\t12.50\t14.99']);
      const open = admin.getByTestId('changed-since-open-notes');
      await open.getByText('3 of 4 review notes not addressed:').waitFor();
      expect(await open.getByRole('listitem').count()).toBe(3);
      await admin.getByRole('button', { name: 'Publish to production' }).click();
      await admin
        .getByRole('dialog', { name: 'Publish to production' })
        .getByRole('button', { name: 'Publish to production' })
        .click();
      await toast(admin, MSG.published);
      await expect.poll(() => admin.getByTestId('pattern-status').textContent()).toBe('Published');

      // The partner's Activity tab shows every step, with names and values.
      await partner.reload();
      await partner.getByRole('tab', { name: 'Activity' }).click();
      const entries = partner.getByTestId('activity-text');
      await expect
        .poll(() => entries.allInnerTexts())
        .toEqual([
          'Ada Admin (admin) published the pattern to production',
          'Pat Partner (Ditto) sent the pattern to review',
          'Pat Partner (Ditto) changed Price from 12.50 to 14.99',
          'Ada Admin (admin) requested changes: Price and name need work',
          'Pat Partner (Ditto) sent the pattern to review',
          'Pat Partner (Ditto) created the pattern',
        ]);
      await partner.getByText('Price: should be 14.99').waitFor();

      // An edit of the published pattern waits for review while the pattern stays published.
      await partner.getByRole('tab', { name: 'Pattern' }).click();
      await partner.getByRole('button', { name: 'Edit details' }).click();
      await form.getByLabel('Price').fill('15.99');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await toast(partner, PATTERN_DETAIL_MSG.updated);
      await partner.getByText('Edited after publishing').waitFor();
      await partner.getByRole('button', { name: 'Send to review' }).click();
      await partner
        .getByRole('dialog', { name: 'Send to review' })
        .getByRole('button', { name: 'Send to review' })
        .click();
      await toast(partner, LIFECYCLE_MSG.editReviewed);
      expect(await partner.getByTestId('pattern-status').textContent()).toBe('Published');
      await expect
        .poll(() => partner.getByTestId('pattern-edit-status').textContent())
        .toBe('Edit in review');
      await admin.reload();
      await admin.getByTestId('pattern-edit-status').getByText('Edit in review').waitFor();
      await admin.getByRole('button', { name: 'Publish to production' }).click();
      await admin
        .getByRole('dialog', { name: 'Publish to production' })
        .getByRole('button', { name: 'Publish to production' })
        .click();
      await toast(admin, MSG.published);
      await expect.poll(() => admin.getByTestId('pattern-edit-status').count()).toBe(0);
      expect(await admin.getByTestId('pattern-status').textContent()).toBe('Published');
    },
  );
});
