import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyNewsletterForm } from './lazy-newsletter-form';

/**
 * The footer's newsletter box is not part of a first load (issue 15): its look stands in, disabled,
 * until the page has loaded and is idle; then the working form takes its place, same label.
 */
describe('LazyNewsletterForm', () => {
  it('stands in disabled until the page has loaded, then subscribes', async () => {
    const loaded = document.readyState;
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    const onSubscribe = vi.fn(() => Promise.resolve());
    // The form's module already loaded: only the wait for the load event may hold it back.
    await import('./newsletter-form');
    try {
      render(<LazyNewsletterForm onSubscribe={onSubscribe} />);
      const input = screen.getByLabelText('Newsletter e-mail address') as HTMLInputElement;
      expect(input.disabled).toBe(true);
      expect(
        (screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled,
      ).toBe(true);
      // Still the stand-in before the load event, however fast the script would come.
      await new Promise((r) => setTimeout(r, 500));
      expect(
        (screen.getByLabelText('Newsletter e-mail address') as HTMLInputElement).disabled,
      ).toBe(true);

      window.dispatchEvent(new Event('load'));
      await waitFor(
        () =>
          expect(
            (screen.getByLabelText('Newsletter e-mail address') as HTMLInputElement).disabled,
          ).toBe(false),
        { timeout: 5000 },
      );
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Newsletter e-mail address'), 'reader@example.com');
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      await waitFor(() => expect(onSubscribe).toHaveBeenCalledWith('reader@example.com'));
    } finally {
      Object.defineProperty(document, 'readyState', { value: loaded, configurable: true });
    }
  });
});
