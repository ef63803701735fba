import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UnpublishedBanner } from './unpublished-banner';

describe('UnpublishedBanner (issue 34)', () => {
  it('says who unpublished the pattern, when and why', () => {
    render(
      <UnpublishedBanner
        unpublished={{ by: 'Ada', at: '2026-11-26T12:05:00.000Z', reason: 'The PDF is cut off' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Unpublished' })).toBeTruthy();
    expect(screen.getByTestId('unpublished-reason').textContent).toBe('The PDF is cut off');
    expect(screen.getByTestId('unpublished-banner').textContent).toContain(
      'Ada took it out of production',
    );
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-26T12:05:00.000Z',
    );
  });
});
