import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { PATTERN_DETAIL_MSG } from '../../../../shared/contracts/pattern-detail';
import { MSG } from '../../../../shared/messages';
import { ADMIN, PARTNER, renderRoute } from '../../../test/render-route';
import { patternDetail } from '../../../test/pattern-detail-fixture';

const pattern = patternDetail;

const review = (over: Partial<ReviewState> = {}): ReviewState => ({
  allowedActions: [],
  publishBlockedReason: null,
  request: null,
  unpublished: null,
  changedSinceReview: null,
  targets: [{ targetType: 'field', targetKey: 'Pattern_Name', label: 'Pattern Name' }],
  ...over,
});

const statusPanel = async () =>
  (await screen.findByRole('heading', { name: 'Status', level: 2 })).closest('section')!;

describe('The status panel on the pattern screen (the review lifecycle, issue 32 items 1 and 9)', () => {
  it('a partner sends a complete draft to review; publishing and the admin steps are not offered', async () => {
    const user = userEvent.setup();
    let status: PatternDetail['SFCC_Status'] = 'draft';
    const view = renderRoute('/app/show-records/4', {
      user: PARTNER,
      api: {
        'GET /api/patterns/4': () => ({ data: pattern({ SFCC_Status: status }) }),
        'GET /api/patterns/4/review': () => ({
          data: review({ allowedActions: status === 'draft' ? ['sendToReview'] : [] }),
        }),
        'POST /api/patterns/4/send-to-review': () => {
          status = 'in_review';
          return {
            data: { ID: 4, IS_SFCC_TESTING: true, SFCC_Status: status, editStatus: null },
            message: MSG.reviewed,
          };
        },
      },
    });
    const panel = await statusPanel();
    expect(within(panel).getByTestId('pattern-status').textContent).toBe('Draft');
    for (const name of ['Publish to production', 'Request changes', 'Unpublish'])
      expect(within(panel).queryByRole('button', { name })).toBeNull();

    await user.click(await within(panel).findByRole('button', { name: 'Send to review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to review' }));
    expect(await screen.findByText(MSG.reviewed)).toBeTruthy();
    expect(view.api.to('POST /api/patterns/4/send-to-review')).toHaveLength(1);
    await waitFor(() =>
      expect(within(panel).getByTestId('pattern-status').textContent).toBe('In review'),
    );
  });

  it('re-sending with notes still open asks "1 of 2 notes not addressed — send anyway?" (issue 48 item 5)', async () => {
    const user = userEvent.setup();
    const note = (id: number, targetLabel: string, text: string, addressed: boolean) => ({
      id,
      targetType: 'field' as const,
      targetKey: targetLabel,
      targetLabel,
      text,
      addressed,
    });
    const view = renderRoute('/app/show-records/4', {
      user: PARTNER,
      api: {
        'GET /api/patterns/4': { data: pattern({ SFCC_Status: 'changes_requested' }) },
        'GET /api/patterns/4/review': {
          data: review({
            allowedActions: ['sendToReview'],
            request: {
              reason: 'Price and name need work',
              requestedBy: 'Ada',
              at: new Date().toISOString(),
              notes: [
                note(1, 'Price', 'should be 14.99', true),
                note(2, 'Pattern Name', 'add the season', false),
              ],
            },
          }),
        },
        'POST /api/patterns/4/send-to-review': {
          data: { ID: 4, IS_SFCC_TESTING: true, SFCC_Status: 'in_review', editStatus: null },
          message: MSG.reviewed,
        },
      },
    });
    const panel = await statusPanel();
    await screen.findByText('add the season', { exact: false }); // the review state has arrived
    await user.click(within(panel).getByRole('button', { name: 'Send to review' }));
    const dialog = await screen.findByRole('dialog', {
      name: '1 of 2 notes not addressed — send anyway?',
    });
    const listed = within(dialog).getByTestId('send-open-notes');
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pattern Name: add the season']);
    // Cancel (here by Escape) sends nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.api.to('POST /api/patterns/4/send-to-review')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Send to review' }));
    const again = await screen.findByRole('dialog', { name: /send anyway\?$/ });
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.api.to('POST /api/patterns/4/send-to-review')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Send to review' }));
    const third = await screen.findByRole('dialog', { name: /send anyway\?$/ });
    expect(document.activeElement).toBe(within(third).getByRole('button', { name: 'Send anyway' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MSG.reviewed)).toBeTruthy();
    expect(view.api.to('POST /api/patterns/4/send-to-review')).toHaveLength(1);
  });

  it('an admin sees Publish and Request changes from the review state in the same panel', async () => {
    renderRoute('/app/show-records/4', {
      user: ADMIN,
      api: {
        'GET /api/patterns/4': { data: pattern({ SFCC_Status: 'in_review' }) },
        'GET /api/patterns/4/review': {
          data: review({ allowedActions: ['publish', 'requestChanges'] }),
        },
      },
    });
    const panel = await statusPanel();
    expect(await within(panel).findByRole('button', { name: 'Request changes' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Publish to production' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Send to review' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Unpublish' })).toBeNull();
  });

  it('a partner is not shown the admin steps even when the review state allows them', async () => {
    renderRoute('/app/show-records/4', {
      user: PARTNER,
      api: {
        'GET /api/patterns/4': { data: pattern({ SFCC_Status: 'published' }) },
        'GET /api/patterns/4/review': { data: review({ allowedActions: ['unpublish'] }) },
      },
    });
    const panel = await statusPanel();
    await screen.findByText('Published', { selector: '[data-testid="pattern-status"]' });
    expect(within(panel).queryByRole('button', { name: 'Unpublish' })).toBeNull();
  });

  it("another brand's pattern (404) shows the route's not-found screen, from its error boundary", async () => {
    renderRoute('/app/show-records/4', {
      user: PARTNER,
      api: {
        'GET /api/patterns/4': {
          status: 404,
          body: { message: 'Pattern not found', code: 'NOT_FOUND' },
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: PATTERN_DETAIL_MSG.notFound }),
    ).toBeTruthy();
  });
});
