import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from './dropdown';

const OPTIONS = [
  { id: 0, name: 'Choose Brand', value: null },
  ...Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: `Brand ${i + 1}`,
    value: String(i + 1),
  })),
];

describe('Dropdown', () => {
  it('shows the placeholder, marks a required label for screen readers, and links its error', () => {
    render(
      <Dropdown
        label="Brand"
        name="Brand"
        options={OPTIONS}
        value={null}
        onChange={() => undefined}
        required
        error="Brand is required"
      />,
    );
    const button = screen.getByRole('button', { name: /Brand/ });
    expect(button.textContent).toContain('Choose Brand');
    expect(screen.getByText('(required)')).toBeTruthy();
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Brand is required',
    );
  });

  it('opens a list at most 14rem tall that scrolls, with the placeholder not choosable', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dropdown label="Brand" options={OPTIONS} value="2" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Brand/ }));
    const list = await screen.findByRole('listbox');
    expect(screen.getAllByRole('option')).toHaveLength(OPTIONS.length);
    expect(screen.getByRole('option', { name: 'Choose Brand' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getByRole('option', { name: 'Brand 2' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Headless UI writes max-height inline from this variable (else from the room left on screen).
    expect(list.className).toContain('[--anchor-max-height:14rem]');
    expect(list.className).toContain('max-h-[14rem]');
    expect(list.className).toContain('overflow-auto');
    await user.click(screen.getByRole('option', { name: 'Brand 5' }));
    expect(onChange).toHaveBeenCalledWith('5');
  });

  it('is usable by keyboard: Tab reaches it, arrows open and move, Enter chooses', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dropdown label="Brand" options={OPTIONS} value="1" onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Brand/ }));
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2'));
  });
});
