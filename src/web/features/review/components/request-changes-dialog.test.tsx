import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RequestChangesDialog } from './request-changes-dialog';
import { UnpublishDialog } from './unpublish-dialog';

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
