import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { ToastContainer, toast as toastify } from 'react-toastify';
import { toApiError } from './api-client';
import { FORM_MUTATION, queryClient } from './query-client';
import userEvent from '@testing-library/user-event';
import { toast, toastMovedToTrash } from './toast';

const texts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('toasts', () => {
  it('never shows two identical toasts: a repeat replaces the first', async () => {
    render(<ToastContainer />);
    act(() => {
      toast.warning('Not Valid Email');
      toast.warning('Not Valid Email');
    });
    await screen.findByRole('alert');
    act(() => void toast.warning('Not Valid Email'));
    act(() => void toast.info('please check all required fields'));
    await waitFor(() => expect(texts()).toHaveLength(2));
    expect(texts().filter((t) => t === 'Not Valid Email')).toHaveLength(1);
  });

  it('shows a warning raised again while its earlier copy is closing', async () => {
    // The support form warns on an invalid submit and again on the next Send: a press while the
    // first warning was still closing showed nothing (react-toastify ignores an id it still holds).
    render(<ToastContainer />);
    act(() => void toast.warning('Please accept term & policy'));
    await screen.findByRole('alert');
    const closing = screen.getByRole('alert');
    act(() => void toastify.dismiss());
    act(() => void toast.warning('Please accept term & policy'));
    await waitFor(() =>
      expect(
        screen
          .queryAllByRole('alert')
          .filter((a) => a !== closing && a.textContent === 'Please accept term & policy'),
      ).toHaveLength(1),
    );
  });

  it('keeps the same text of a different kind apart', async () => {
    render(<ToastContainer />);
    act(() => {
      toast.error('Failed to fetch');
      toast.info('Failed to fetch');
    });
    await waitFor(() => expect(texts()).toEqual(['Failed to fetch', 'Failed to fetch']));
  });
});

describe('the delete toast (issue 48 item 2)', () => {
  it('a delete while the last one’s toast shows joins it: one Undo brings every one back, and it says where they went', async () => {
    render(<ToastContainer />);
    const restored: number[][] = [];
    act(() => void toastMovedToTrash([1], (ids) => restored.push(ids)));
    await screen.findByText(/The pattern was moved to the Trash \(My Patterns → Trash\)/);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => void toastMovedToTrash([2], (ids) => restored.push(ids)));
    act(() => void toastMovedToTrash([3, 4], (ids) => restored.push(ids)));
    await screen.findByText(/^Successfully Data Deleted\. 4 patterns were moved to the Trash/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Undo all 4' }));
    expect(restored).toEqual([[1, 2, 3, 4]]);
    // The next delete starts a toast of its own.
    act(() => void toastMovedToTrash([5], (ids) => restored.push(ids)));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(restored).toEqual([[1, 2, 3, 4], [5]]);
  });
});

/** A button whose mutation fails with the reply the test gives. */
function Failing({
  status,
  body,
  meta,
}: {
  status: number;
  body: string;
  meta?: Parameters<typeof useMutation>[0]['meta'];
}) {
  const m = useMutation({
    mutationFn: async () => Promise.reject(await toApiError(status, body)),
    meta,
  });
  return (
    <button type="button" onClick={() => m.mutate()}>
      go
    </button>
  );
}

function renderFailing(props: Parameters<typeof Failing>[0]) {
  render(
    <QueryClientProvider client={queryClient}>
      <Failing {...props} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  act(() => screen.getByText('go').click());
}

describe('the mutation cache: one toast for a failed mutation without a form', () => {
  it("uses the mutation's fallback text when the server sent no message (spec section 8)", async () => {
    renderFailing({ status: 500, body: '', meta: { errorMessage: 'Unable to delete data' } });
    await waitFor(() => expect(texts()).toEqual(['Unable to delete data']));
  });

  it("shows the server's message when it sent one", async () => {
    renderFailing({
      status: 409,
      body: '{"message":"Pattern is published","code":"CONFLICT"}',
      meta: { errorMessage: 'Unable to delete data' },
    });
    await waitFor(() => expect(texts()).toEqual(['Pattern is published']));
  });

  it('keeps the reference of a hidden server error beside the fallback text', async () => {
    renderFailing({
      status: 500,
      body: '{"message":"Something went wrong (ref 1a2b3c4d)","code":"INTERNAL"}',
      meta: { errorMessage: 'Failed to review pattern' },
    });
    await waitFor(() => expect(texts()).toEqual(['Failed to review pattern (ref 1a2b3c4d)']));
  });

  it('an HTML error page never reaches the screen', async () => {
    renderFailing({
      status: 502,
      body: '<html><body>Bad gateway</body></html>',
      meta: { errorMessage: 'Failed to publish pattern on Production' },
    });
    await waitFor(() => expect(texts()).toEqual(['Failed to publish pattern on Production']));
  });

  it('leaves a form mutation to its form', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <Failing
          status={400}
          body='{"message":"Size is required","code":"VALIDATION_FAILED"}'
          meta={FORM_MUTATION.meta}
        />
        <Failing status={400} body='{"message":"Shown","code":"VALIDATION_FAILED"}' />
        <ToastContainer />
      </QueryClientProvider>,
    );
    act(() => screen.getAllByText('go').forEach((b) => b.click()));
    await waitFor(() => expect(texts()).toEqual(['Shown']));
  });
});
