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
