import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveChanges } from '../../../../shared/contracts/pattern-published';
import { ApiError } from '../../../lib/api-client';
import { LiveVersionPanel } from './live-version-panel';

const live: LiveChanges = {
  version: 2,
  publishedAt: '2026-11-20T10:00:00.000Z',
  publishedBy: 'Ada Admin',
  changes: [
    {
      targetType: 'field',
      targetKey: 'Pattern_Name',
      label: 'Pattern Name',
      before: 'Wrap Dress',
      after: 'Wrap Dress II',
    },
  ],
};
const diff = (l: LiveChanges) => (
  <ul data-testid="diff">
    {l.changes.map((c) => (
      <li key={c.targetKey}>{`${c.label}: ${c.before} → ${c.after}`}</li>
    ))}
  </ul>
);

describe('LiveVersionPanel', () => {
  it('says which version is live, by whom, and shows what the waiting edit changes', () => {
    render(<LiveVersionPanel live={live} error={null} onRetry={() => undefined} diff={diff} />);
    const panel = screen.getByRole('region', { name: 'Live on the storefront' });
    expect(panel.textContent).toContain('Version 2, published');
    expect(panel.textContent).toContain(
      'by Ada Admin, stays live until the edit below is published',
    );
    expect(within(panel).getByText('What the waiting edit changes (1):')).toBeTruthy();
    expect(within(panel).getByTestId('diff').textContent).toBe(
      'Pattern Name: Wrap Dress → Wrap Dress II',
    );
  });

  it('says so when the working copy equals the live version, and shows loading and error states', async () => {
    const { rerender } = render(
      <LiveVersionPanel
        live={{ ...live, changes: [] }}
        error={null}
        onRetry={() => undefined}
        diff={diff}
      />,
    );
    expect(
      screen.getByText('The working copy does not differ from the live version.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('diff')).toBeNull();

    rerender(
      <LiveVersionPanel live={undefined} error={null} onRetry={() => undefined} diff={diff} />,
    );
    expect(screen.getByText('Loading the live version…')).toBeTruthy();

    const onRetry = vi.fn();
    rerender(
      <LiveVersionPanel
        live={undefined}
        error={new ApiError(500, { message: 'Something went wrong (ref abc)', code: 'INTERNAL' })}
        onRetry={onRetry}
        diff={diff}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The live version could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
