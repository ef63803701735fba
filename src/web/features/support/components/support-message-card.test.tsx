import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { SupportMessage } from '../../../../shared/contracts/support';
import { formatDateTime } from '../../../lib/format';
import { SupportMessageCard } from './support-message-card';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('support messages write dates as the whole app does (issue 34)', () => {
  it('a screen that wrote its own dates (support messages) now writes the app’s', () => {
    const message: SupportMessage = {
      id: 7,
      fullName: 'Fay',
      Brand_Company: 'Kwik',
      subject: 'Help',
      email: 'fay@example.com',
      country: null,
      phoneNumber: '1',
      message: 'Hi',
      userId: null,
      brandId: null,
      brandName: null,
      createdAt: minutesAgo(5),
      handledAt: '2026-01-15T13:05:24.000Z',
      handledBy: 1,
      handledByName: 'Ada',
    };
    const { container } = render(
      <SupportMessageCard message={message} busy={false} onMark={() => {}} />,
    );
    expect(screen.getByText(/#7/).textContent).toBe('#7 · 5 minutes ago');
    expect(container.querySelector('footer p')?.textContent).toBe(
      `Handled ${formatDateTime('2026-01-15T13:05:24.000Z')} by Ada`,
    );
  });
});
