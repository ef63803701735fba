import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Attention } from '../../shared/contracts/lifecycle';
import { formatDateTime } from '../lib/format';
import { queryKeys } from '../lib/query-keys';
import { AttentionLink, CHANGES_REQUESTED_URL } from './attention-link';
import { ImportEntry } from './import-entry';
import { NeedsAttention } from './needs-attention';
import { ToReviewLink } from './to-review-link';

const WAITING: Attention = {
  changesRequested: 2,
  unpublished: 1,
  storefrontFailed: 0,
  patterns: [
    {
      ID: 4,
      SFCC_Pattern_ID: 'M1',
      Pattern_Name: 'Top',
      reason: 'changes_requested',
      at: '2026-11-26T12:00:00.000Z',
      detail: null,
    },
    {
      ID: 9,
      SFCC_Pattern_ID: 'M2',
      Pattern_Name: 'Skirt',
      reason: 'unpublished',
      at: '2026-11-26T11:00:00.000Z',
      detail: null,
    },
  ],
};

function show(ui: React.ReactNode, data?: Attention, inReview?: number) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  if (data) client.setQueryData(queryKeys.attention, data);
  if (inReview !== undefined) client.setQueryData(queryKeys.reviewCount, inReview);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('what waits for a partner (issue 34)', () => {
  it('the header counts the patterns with changes requested and links to them', () => {
    show(<AttentionLink />, WAITING);
    const link = screen.getByTestId('changes-requested');
    expect(link.getAttribute('href')).toBe(CHANGES_REQUESTED_URL);
    expect(screen.getByTestId('changes-requested-count').textContent).toBe('2');
    expect(link.textContent).toContain('Changes requested');
  });

  it('the header counters show no badge at zero, and say so to screen readers (issue 48)', () => {
    show(<AttentionLink />, { ...WAITING, changesRequested: 0 }, 0);
    expect(screen.queryByTestId('changes-requested-count')).toBeNull();
    expect(screen.getByTestId('changes-requested').textContent).toContain('no patterns wait');
  });

  it('the review counter shows its badge only when something waits (issue 48)', () => {
    show(<ToReviewLink />, undefined, 0);
    expect(screen.queryByTestId('to-review-count')).toBeNull();
    expect(screen.getByTestId('to-review').textContent).toContain('no patterns wait');
  });

  it('the review counter counts what waits', () => {
    show(<ToReviewLink />, undefined, 3);
    expect(screen.getByTestId('to-review-count').textContent).toBe('3');
  });

  it('the dashboard lists them with why each waits, and says when nothing does', () => {
    show(<NeedsAttention />, WAITING);
    expect(screen.getByRole('heading', { name: 'Needs your attention' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'M1 · Top' }).getAttribute('href')).toBe(
      '/app/show-records/4',
    );
    expect(screen.getByRole('link', { name: 'M2 · Skirt' }).getAttribute('href')).toBe(
      '/app/show-records/9',
    );
    expect(screen.getByText('2 with changes requested')).toBeTruthy();
    expect(screen.getByTestId('needs-attention').textContent).toContain('1 unpublished');
  });

  it('storefront failures are listed too, with what failed and when (the exact time on hover)', () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    show(<NeedsAttention />, {
      changesRequested: 0,
      unpublished: 1,
      storefrontFailed: 1,
      patterns: [
        {
          ID: 12,
          SFCC_Pattern_ID: 'M3',
          Pattern_Name: 'Coat',
          reason: 'storefront_failed',
          at,
          detail: 'Production: Line 12: price book missing',
        },
        WAITING.patterns[1]!,
      ],
    });
    const block = screen.getByTestId('needs-attention');
    expect(block.querySelector('p')?.textContent).toBe(
      '1 unpublished · 1 failed on the storefront',
    );
    const item = screen.getByRole('link', { name: 'M3 · Coat' }).closest('li')!;
    expect(screen.getByRole('link', { name: 'M3 · Coat' }).getAttribute('href')).toBe(
      '/app/show-records/12',
    );
    expect(item.textContent).toContain('Storefront failed');
    expect(item.textContent).toContain('Production: Line 12: price book missing');
    const time = item.querySelector('time')!;
    expect(time.textContent).toBe('5 minutes ago');
    expect(time.getAttribute('title')).toBe(formatDateTime(at));
  });

  it('an empty block says so', () => {
    show(<NeedsAttention />, {
      changesRequested: 0,
      unpublished: 0,
      storefrontFailed: 0,
      patterns: [],
    });
    expect(screen.getByText(/Nothing waits for you/)).toBeTruthy();
  });

  it('import has one entry, with the history one click away', () => {
    show(<ImportEntry />);
    expect(screen.getByRole('link', { name: 'Import patterns' }).getAttribute('href')).toBe(
      '/app/imports/new',
    );
    expect(screen.getByRole('link', { name: 'Import history' }).getAttribute('href')).toBe(
      '/app/imports',
    );
  });
});
