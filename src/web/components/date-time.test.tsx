import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { formatDate, formatDateTime } from '../lib/format';
import { DateTime } from './date-time';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('one way to show a moment (issue 34)', () => {
  it('relative where asked, the date alone where asked, the exact date and time on hover', () => {
    const iso = minutesAgo(5);
    render(
      <>
        <DateTime iso={iso} relative />
        <DateTime iso="2026-11-26T13:05:24.000Z" dateOnly />
        <DateTime iso="2026-11-26T13:05:24.000Z" />
      </>,
    );
    const [rel, day, exact] = document.querySelectorAll('time');
    expect(rel.textContent).toBe('5 minutes ago');
    expect(rel.getAttribute('title')).toBe(formatDateTime(iso));
    expect(rel.getAttribute('dateTime')).toBe(iso);
    expect(day.textContent).toBe(formatDate('2026-11-26T13:05:24.000Z'));
    expect(day.getAttribute('title')).toBe(formatDateTime('2026-11-26T13:05:24.000Z'));
    expect(exact.textContent).toBe(formatDateTime('2026-11-26T13:05:24.000Z'));
  });
});
