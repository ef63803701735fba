import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RequestChangesDialog } from './request-changes-dialog';
import { UnpublishDialog } from './unpublish-dialog';
import type { FakeRequest } from '../../../test/fake-api';
import { ADMIN, renderRoute } from '../../../test/render-route';
import { patternDetail } from '../../../test/pattern-detail-fixture';

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('the review dialogs (issue 34)', () => {
  it('Request changes: "Reason is required" goes as soon as a reason is typed', async () => {
    const user = userEvent.setup();
    wrap(
      <RequestChangesDialog
        patternId={1}
        targets={[{ targetType: 'field', targetKey: 'Pattern_Name', label: 'Pattern Name' }]}
        open
        onClose={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(screen.getByText('Reason is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Reason/), 'The PDF is cut off');
    expect(screen.queryByText('Reason is required')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(screen.getByText('Choose what the note is about')).toBeTruthy();
    expect(screen.getByText('Note is required')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Note 1 is about'), 'field:Pattern_Name');
    expect(screen.queryByText('Choose what the note is about')).toBeNull();
    await user.type(screen.getByLabelText('Note 1'), 'Too long');
    expect(screen.queryByText('Note is required')).toBeNull();
  });

  it('Unpublish: "Reason is required" goes as soon as a reason is typed', async () => {
    const user = userEvent.setup();
    wrap(<UnpublishDialog patternId={1} patternCode="M1" open onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(screen.getByText('Reason is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Reason/), 'Recalled');
    expect(screen.queryByText('Reason is required')).toBeNull();
  });
});

const inReview = patternDetail({
  IS_SFCC_TESTING: true,
  SFCC_Status: 'in_review',
  reviewedAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

describe('Request changes on the pattern screen (issue 32 items 6 and 9)', () => {
  it("puts the server's field errors under the note's input, the rest in a toast, and sends again", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const view = renderRoute('/app/show-records/4', {
      user: ADMIN,
      api: {
        'GET /api/patterns/4': { data: inReview },
        'GET /api/patterns/4/review': {
          data: {
            allowedActions: ['publish', 'requestChanges'],
            publishBlockedReason: null,
            request: null,
            unpublished: null,
            changedSinceReview: null,
            targets: [{ targetType: 'field', targetKey: 'Pattern_Name', label: 'Pattern Name' }],
          },
        },
        'POST /api/patterns/4/request-changes': (req: FakeRequest) => {
          sent.push(req.body);
          return sent.length === 1
            ? {
                status: 400,
                body: {
                  message: 'Check the notes',
                  code: 'VALIDATION_FAILED',
                  fields: { 'notes.0.text': 'Say what to change', other: 'Try later' },
                },
              }
            : {
                data: { ID: 4, SFCC_Status: 'changes_requested', editStatus: null },
                message: 'Changes requested',
              };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'The PDF is cut off');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await user.selectOptions(
      within(dialog).getByLabelText('Note 1 is about'),
      'field:Pattern_Name',
    );
    await user.type(within(dialog).getByLabelText('Note 1'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));

    // Under the note's input; the field the form has no input for joins the message in the toast.
    expect(await within(dialog).findByText('Say what to change')).toBeTruthy();
    expect(await screen.findByText('Check the notes: Try later')).toBeTruthy();
    expect(sent[0]).toEqual({
      reason: 'The PDF is cut off',
      notes: [{ targetType: 'field', targetKey: 'Pattern_Name', text: 'x' }],
    });

    await user.type(within(dialog).getByLabelText('Note 1'), ' and the hem');
    expect(within(dialog).queryByText('Say what to change')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Changes requested')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request changes' })).toBeNull(),
    );
    expect(view.api.to('POST /api/patterns/4/request-changes')).toHaveLength(2);
  });
});

describe('Unpublish on the pattern screen: one error road (issue 47)', () => {
  it('a failed Unpublish with no server message shows exactly one toast, the fallback text', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/app/show-records/4', {
      user: ADMIN,
      api: {
        'GET /api/patterns/4': { data: patternDetail({ SFCC_Status: 'published' }) },
        'GET /api/patterns/4/review': {
          data: {
            allowedActions: ['unpublish'],
            publishBlockedReason: null,
            request: null,
            unpublished: null,
            changedSinceReview: null,
            targets: [],
          },
        },
      },
    });
    // A proxy's empty 502: no message of the server's own, so the screen's fallback text shows.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/api/patterns/4/unpublish')
        ? Promise.resolve(new Response('', { status: 502 }))
        : answer(input, init),
    );
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Recalled');
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    // The toasts (react-toastify's), not the panels' own alerts (side requests answer 404 here).
    const toasts = () =>
      [...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent);
    await waitFor(() => expect(toasts()).toContain('Failed to unpublish pattern'));
    // Settled: the dialog's button is enabled again, and every toast the failure raised is shown.
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Unpublish' }).hasAttribute('disabled'),
      ).toBe(false),
    );
    expect(toasts()).toEqual(['Failed to unpublish pattern']);
    expect(view.api.requests.filter((r) => r.path.endsWith('/unpublish'))).toHaveLength(0);
  });
});
