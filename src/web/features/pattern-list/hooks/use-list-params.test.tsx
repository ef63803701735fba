import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useListParams } from './use-list-params';

/** The hook and the URL it writes, on a list opened at page 2 reached by Next (an anchor). */
function renderOnPage2() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/app/patterns?page=2&after=40&sort=Pattern_Name&dir=asc']}>
      {children}
    </MemoryRouter>
  );
  return renderHook(() => ({ params: useListParams(), location: useLocation() }), { wrapper });
}

const searchOf = (r: ReturnType<typeof renderOnPage2>) =>
  Object.fromEntries(new URLSearchParams(r.result.current.location.search));

describe('useListParams', () => {
  it('reads page, anchor and sort from the URL', () => {
    const r = renderOnPage2();
    expect(r.result.current.params.query).toMatchObject({
      page: 2,
      after: 40,
      sort: 'Pattern_Name',
      dir: 'asc',
    });
  });

  it('a new filter on page 2 goes back to page 1 and drops the anchor, keeping the sort', () => {
    const r = renderOnPage2();
    act(() => r.result.current.params.setFilter({ status: 'in_review' }));
    expect(searchOf(r)).toEqual({ status: 'in_review', sort: 'Pattern_Name', dir: 'asc' });
    expect(r.result.current.params.query.page).toBe(1);
  });

  it('a new search, sort or page size on page 2 goes back to page 1', () => {
    const r = renderOnPage2();
    act(() => r.result.current.params.setFilter({ search: 'dress' }, { replace: true }));
    expect(searchOf(r)).toEqual({ search: 'dress', sort: 'Pattern_Name', dir: 'asc' });

    const s = renderOnPage2();
    act(() => s.result.current.params.setSort('Pattern_Name', 'desc'));
    // desc is the default direction, so only the sort is written.
    expect(searchOf(s)).toEqual({ sort: 'Pattern_Name' });

    const p = renderOnPage2();
    act(() => p.result.current.params.setPageSize(50));
    expect(searchOf(p)).toEqual({ sort: 'Pattern_Name', dir: 'asc', pageSize: '50' });
  });

  it('clearing the filters keeps sort and page size and starts at page 1', () => {
    const r = renderOnPage2();
    act(() => r.result.current.params.setFilter({ status: 'draft', brand: 'ditto' }));
    act(() => r.result.current.params.clearFilters());
    expect(searchOf(r)).toEqual({ sort: 'Pattern_Name', dir: 'asc' });
    expect(r.result.current.params.hasFilters).toBe(false);
  });
});
