import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GridSort } from './grid-sort';

describe('GridSort (issue 34)', () => {
  it('shows the list’s sort and changes it from the keyboard', async () => {
    const onSort = vi.fn();
    render(<GridSort sort="updatedAt" dir="desc" showBrand={false} onSort={onSort} />);
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Updated (newest first)');
    expect([...select.options].some((o) => o.value.startsWith('brand:'))).toBe(false);
    await userEvent.selectOptions(select, 'Price:asc');
    expect(onSort).toHaveBeenCalledWith('Price', 'asc');
  });

  it('offers the brand to admins', () => {
    render(<GridSort sort="brand" dir="asc" showBrand onSort={() => undefined} />);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('brand:asc');
  });
});
