import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChangedSincePanel } from './changed-since-panel';

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

describe('Changed since last review: the review moment inside its sentence (issue 48)', () => {
  it('"Since it was sent back, 3 hours ago:" — never "on 3 hours ago"', () => {
    render(
      <ChangedSincePanel
        changed={{ reviewedAt: hoursAgo(3), outcome: 'changes_requested', changes: [] }}
      />,
    );
    expect(screen.getByText(/Nothing changed/).textContent).toBe(
      'Nothing changed since it was sent back, 3 hours ago.',
    );
  });
});
