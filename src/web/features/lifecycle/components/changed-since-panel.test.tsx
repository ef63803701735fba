import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChangedSincePanel } from './changed-since-panel';

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

describe('Changed since last review: the review moment inside its sentence (issue 48)', () => {
  it('"Since it was sent back, 3 hours ago:" — never "on 3 hours ago"', () => {
    render(
      <ChangedSincePanel
        changed={{ reviewedAt: hoursAgo(3), outcome: 'changes_requested', changes: [], notes: [] }}
      />,
    );
    expect(screen.getByText(/Nothing changed/).textContent).toBe(
      'Nothing changed since it was sent back, 3 hours ago.',
    );
  });

  const note = (id: number, targetLabel: string, text: string, addressed: boolean) => ({
    id,
    targetType: 'field' as const,
    targetKey: targetLabel,
    targetLabel,
    text,
    addressed,
  });
  const change = {
    targetType: 'field' as const,
    targetKey: 'Price',
    label: 'Price',
    before: '12.50',
    after: '14.99',
  };

  it('says which review notes are still open when the pattern is sent again (issue 48 item 5)', () => {
    render(
      <ChangedSincePanel
        changed={{
          reviewedAt: hoursAgo(3),
          outcome: 'changes_requested',
          changes: [change],
          notes: [
            note(1, 'Price', 'should be 14.99', true),
            note(2, 'Pattern Name', 'add the season', false),
          ],
        }}
      />,
    );
    const open = screen.getByTestId('changed-since-open-notes');
    expect(open.querySelector('p')!.textContent).toBe('1 of 2 review notes not addressed:');
    expect(
      Array.from(screen.getByTestId('open-review-notes').querySelectorAll('li')).map(
        (li) => li.textContent,
      ),
    ).toEqual(['Pattern Name: add the season']);
  });

  it('says so when every note was addressed, and nothing about notes when there were none', () => {
    const { rerender } = render(
      <ChangedSincePanel
        changed={{
          reviewedAt: hoursAgo(3),
          outcome: 'changes_requested',
          changes: [],
          notes: [note(1, 'Price', 'should be 14.99', true), note(2, 'Type', 'wrong', true)],
        }}
      />,
    );
    expect(screen.getByTestId('changed-since-open-notes').textContent).toBe(
      'All 2 review notes were addressed.',
    );
    rerender(
      <ChangedSincePanel
        changed={{ reviewedAt: hoursAgo(3), outcome: 'published', changes: [change], notes: [] }}
      />,
    );
    expect(screen.queryByTestId('changed-since-open-notes')).toBeNull();
  });
});
