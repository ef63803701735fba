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
