import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPagination } from './list-pagination';

const pageButtons = () =>
  screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);

describe('ListPagination', () => {
  it('shows the exact total, the pages around this one and the last page', () => {
    render(
      <ListPagination
        page={3}
        pageSize={25}
        total={1000}
        shown={25}
        onPage={() => undefined}
        onPageSize={() => undefined}
      />,
    );
    expect(screen.getByTestId('list-range').textContent).toBe('Showing 51–75 of 1,000');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '40']);
  });

  it('says a capped search total is a lower bound and keeps Next open while pages are full', async () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <ListPagination
        page={400}
        pageSize={25}
        total={10_000}
        capped
        shown={25}
        onPage={onPage}
        onPageSize={() => undefined}
      />,
    );
    expect(screen.getByTestId('list-range').textContent).toBe(
      'Showing 9,976–10,000 of 10,000+ (narrow the search to count them exactly)',
    );
    // No "last page" button: the last page is not known.
    expect(pageButtons()).toEqual(['1', '399', '400', '401']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(401, 'next');

    // The real last page (not full): Next is closed, and the page stays in the window.
    rerender(
      <ListPagination
        page={401}
        pageSize={25}
        total={10_000}
        capped
        shown={3}
        onPage={onPage}
        onPageSize={() => undefined}
      />,
    );
    expect(pageButtons()).toEqual(['1', '400', '401']);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });
});
