import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatPrice,
  formatRelative,
  formatTime,
} from './format';

/**
 * The list formats without Intl (format.ts says why): its text must be Intl's en-US. Node's ICU
 * puts a narrow no-break space before AM/PM where Chromium's puts a space; the list writes a space.
 */
const intl = {
  date: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }),
  time: new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }),
  price: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  count: new Intl.NumberFormat('en-US'),
};
const spaced = (s: string) => s.replace(/\u202f/g, ' ');

describe('the list’s formats', () => {
  it('writes dates and times as Intl does in en-US, every month, every hour and minute edge', () => {
    const moments: Date[] = [];
    for (const year of [1999, 2024, 2026, 2099])
      for (let month = 0; month < 12; month++)
        for (const day of [1, 9, 10, 28])
          for (const [h, m] of [
            [0, 0],
            [0, 5],
            [9, 59],
            [11, 59],
            [12, 0],
            [12, 30],
            [13, 1],
            [23, 59],
          ])
            moments.push(new Date(year, month, day, h, m, 31, 999));
    for (const d of moments) {
      const iso = d.toISOString();
      expect(formatDate(iso), iso).toBe(spaced(intl.date.format(d)));
      expect(formatTime(iso), iso).toBe(spaced(intl.time.format(d)));
    }
    expect(formatDate('2026-09-03T10:00:00.000Z')).toMatch(/^Sep [23], 2026$/);
  });

  it('writes prices and counts as Intl does, grouped by thousands', () => {
    const prices = [0, 0.5, 1, 9.99, 12.5, 100, 999.99, 1000, 1234.5, 99_999_999.99, -12.34];
    for (let i = 0; i < 2000; i++) prices.push(Math.round(i * 1234.567) / 100);
    for (const p of prices) expect(formatPrice(p), String(p)).toBe(intl.price.format(p));
    expect(formatPrice(null)).toBe('');
    // Not a price the API sends (it rounds to cents): Intl's rounding, not toFixed's.
    expect(formatPrice(1.005)).toBe(intl.price.format(1.005));
    expect(formatPrice(2 ** 60)).toBe(intl.price.format(2 ** 60));
    const counts = [
      0,
      1,
      12,
      999,
      1000,
      10_000,
      100_000,
      1_000_000,
      123_456_789,
      -4321,
      2 ** 53 - 1,
    ];
    for (const n of counts) expect(formatCount(n), String(n)).toBe(intl.count.format(n));
    expect(formatCount(1234.5)).toBe(intl.count.format(1234.5));
  });
});

describe('one date and time for the whole app (issue 34)', () => {
  const iso = '2026-11-26T13:05:24.000Z';
  it('writes a moment as the list does: date, then time', () => {
    expect(formatDateTime(iso)).toBe(`${formatDate(iso)}, ${formatTime(iso)}`);
    expect(formatDateTime(iso)).toBe(
      spaced(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        ),
      ),
    );
  });

  it('is relative within a day, then exact', () => {
    const at = new Date(iso).getTime();
    expect(formatRelative(iso, at + 20_000)).toBe('just now');
    expect(formatRelative(iso, at + 60_000)).toBe('1 minute ago');
    expect(formatRelative(iso, at + 5 * 60_000)).toBe('5 minutes ago');
    expect(formatRelative(iso, at + 3 * 3_600_000)).toBe('3 hours ago');
    expect(formatRelative(iso, at + 25 * 3_600_000)).toBe(formatDateTime(iso));
  });
});
