import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PatternListRow } from '../../../../shared/contracts/pattern-list';
import { PatternRow } from './pattern-row';

const ROW: PatternListRow = {
  ID: 4,
  SFCC_Pattern_ID: 'M1',
  Pattern_Name: 'Top',
  Brand: 2,
  brandName: 'Ditto',
  Type: null,
  Gender: null,
  Price: null,
  Fabric_type: null,
  Is_Printable: null,
  SFCC_Status: 'published',
  editStatus: 'in_review',
  IS_SFCC_TESTING: true,
  updatedAt: '2026-11-26T12:00:00.000Z',
  heroFileId: null,
};

describe('PatternRow on a phone (issue 34)', () => {
  it('shows the status, and an edit in review, beside the Pattern ID, not only in the column off to the side', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <table>
            <tbody>
              <PatternRow
                row={ROW}
                showBrand={false}
                selected={false}
                onToggle={() => undefined}
                onDelete={() => undefined}
              />
            </tbody>
          </table>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const idCell = screen.getByRole('link', { name: 'M1' }).closest('td')!;
    const phone = within(idCell).getByTestId('row-status-phone');
    expect(phone.className).toContain('sm:hidden');
    expect(phone.textContent).toContain('Published');
    expect(phone.textContent).toContain('Edit in review');
  });
});

describe('PatternRow: the storefront badge (issue 30)', () => {
  const renderRow = (row: PatternListRow) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <table>
            <tbody>
              <PatternRow
                row={row}
                showBrand={false}
                selected={false}
                onToggle={() => undefined}
                onDelete={() => undefined}
              />
            </tbody>
          </table>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('shows where the pattern stands on the storefront, in the Status column and beside the ID on a phone', () => {
    renderRow({ ...ROW, editStatus: null, storefront: 'failed' });
    const badges = screen.getAllByTestId('storefront-badge');
    expect(badges.map((b) => b.textContent)).toEqual([
      'Storefront: Storefront failed',
      'Storefront: Storefront failed',
    ]);
    expect(badges[0]!.title).toMatch(/failed/);
  });

  it('says Live and On staging in words', () => {
    const { unmount } = renderRow({ ...ROW, storefront: 'live' });
    expect(screen.getAllByTestId('storefront-badge')[0]!.textContent).toBe('Storefront: Live');
    unmount();
    renderRow({ ...ROW, storefront: 'staging' });
    expect(screen.getAllByTestId('storefront-badge')[0]!.textContent).toBe(
      'Storefront: On staging',
    );
  });

  it('shows no storefront badge when the row has none (a partner, or never sent)', () => {
    renderRow(ROW);
    expect(screen.queryByTestId('storefront-badge')).toBeNull();
  });
});
