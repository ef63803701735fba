import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  PatternListResponse,
  PatternListRow,
} from '../../../../shared/contracts/pattern-list';
import type { FakeRequest } from '../../../test/fake-api';
import { PARTNER, renderRoute } from '../../../test/render-route';

const row = (id: number): PatternListRow => ({
  ID: id,
  SFCC_Pattern_ID: `M${id}`,
  Pattern_Name: `Pattern ${id}`,
  Brand: 2,
  brandName: 'Ditto',
  Type: null,
  Gender: null,
  Price: null,
  Fabric_type: null,
  Is_Printable: null,
  SFCC_Status: id % 2 ? 'draft' : 'in_review',
  editStatus: null,
  IS_SFCC_TESTING: false,
  updatedAt: '2026-11-26T12:00:00.000Z',
  heroFileId: null,
});

/** 45 patterns of the partner's brand, 20 a page, filtered by status as the server does. */
function listApi(req: FakeRequest): PatternListResponse {
  const status = req.query.get('status');
  const all = Array.from({ length: 45 }, (_, i) => row(i + 1)).filter(
    (r) => !status || r.SFCC_Status === status,
  );
  const page = Number(req.query.get('page') ?? 1);
  return {
    data: all.slice((page - 1) * 20, page * 20),
    totalCountData: all.length,
    page,
    pageSize: 20,
  };
}

const currentPage = () =>
  screen
    .getByRole('navigation', { name: 'Pages' })
    .querySelector('[aria-current="page"]')
    ?.textContent?.trim();

describe('My Patterns, rendered as the app renders the route', () => {
  it('shows the page of the URL with its rows and pager', async () => {
    renderRoute('/app/show-records?page=2', {
      user: PARTNER,
      api: { 'GET /api/patterns': listApi },
    });
    expect(await screen.findByRole('link', { name: 'M21' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'M1' })).toBeNull();
    expect(currentPage()).toBe('2');
  });

  it('a filter changed on page 2 lands on page 1 of the filtered list (issue 32 item 9)', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/app/show-records?page=2', {
      user: PARTNER,
      api: { 'GET /api/patterns': listApi },
    });
    await screen.findByRole('link', { name: 'M21' });

    // The working filter (its own chunk), not its closed look nor the Status column's sort button.
    const filter = await waitFor(() => {
      const b = screen
        .getAllByRole('button', { name: /Status/ })
        .find((e) => e.getAttribute('aria-haspopup') === 'listbox');
      if (!b) throw new Error('the Status filter has not loaded');
      return b;
    });
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'In review' }));

    await waitFor(() => expect(view.location()).toBe('/app/show-records?status=in_review'));
    // The list asked for page 1 of the filtered list, and shows it: 22 in review, M2 first.
    await waitFor(() =>
      expect(view.api.to('GET /api/patterns').at(-1)?.query.get('page')).toBe('1'),
    );
    expect(await screen.findByRole('link', { name: 'M2' })).toBeTruthy();
    expect(currentPage()).toBe('1');
  });
});
