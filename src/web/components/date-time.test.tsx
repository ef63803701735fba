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
    const [rel, day, exact] = [...document.querySelectorAll('time')];
    if (!rel || !day || !exact) throw new Error('three <time> elements expected');
    expect(rel.textContent).toBe('5 minutes ago');
    expect(rel.getAttribute('title')).toBe(formatDateTime(iso));
    expect(rel.getAttribute('dateTime')).toBe(iso);
    expect(day.textContent).toBe(formatDate('2026-11-26T13:05:24.000Z'));
    expect(day.getAttribute('title')).toBe(formatDateTime('2026-11-26T13:05:24.000Z'));
    expect(exact.textContent).toBe(formatDateTime('2026-11-26T13:05:24.000Z'));
  });
});

describe('a relative moment inside a sentence reads as one (issue 48)', () => {
  const sentence = (joinedBy: 'on' | 'since', iso: string, lead: string) => {
    const { container } = render(
      <p>
        {lead}
        <DateTime iso={iso} joinedBy={joinedBy} />.
      </p>,
    );
    const text = container.textContent;
    container.remove();
    return text;
  };

  it('"on" gives way to a comma while the moment is relative, and stays before a date', () => {
    expect(sentence('on', minutesAgo(0), 'Since it was sent back')).toBe(
      'Since it was sent back, just now.',
    );
    expect(sentence('on', minutesAgo(180), 'Since it was sent back')).toBe(
      'Since it was sent back, 3 hours ago.',
    );
    const old = minutesAgo(3 * 24 * 60);
    expect(sentence('on', old, 'Since it was sent back')).toBe(
      `Since it was sent back on ${formatDateTime(old)}.`,
    );
  });

  it('"since" becomes a duration while the moment is relative, and stays before a date', () => {
    expect(sentence('since', minutesAgo(180), 'Failing')).toBe('Failing for 3 hours.');
    expect(sentence('since', minutesAgo(1), 'Failing')).toBe('Failing for 1 minute.');
    expect(sentence('since', minutesAgo(0), 'Failing')).toBe('Failing for less than a minute.');
    const old = minutesAgo(2 * 24 * 60);
    expect(sentence('since', old, 'Failing')).toBe(`Failing since ${formatDateTime(old)}.`);
  });

  it('the exact date and time stay on hover', () => {
    const iso = minutesAgo(180);
    const { container } = render(<DateTime iso={iso} joinedBy="on" />);
    expect(container.querySelector('time')!.getAttribute('title')).toBe(formatDateTime(iso));
  });
});
