/**
 * The list's dates, times, prices and counts, in en-US, written without Intl: a page's first Intl
 * formatter (any kind) costs Chromium 60–140 ms at 4× CPU, ICU starting up once per page, and the
 * list's were made when its chunk loaded, right before its first row (issue 15, first row on
 * screen; docs/benchmarks.md, "The first row on screen"). The text is Intl's en-US medium date ("Sep 3, 2026"), short
 * time ("12:05 AM", in the browser's time zone) and grouped numbers ("1,234.50"); format.test.ts
 * compares them. A price or count Intl would write differently (more than two decimals, past
 * 2^53) is handed to Intl, made on first use.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let intlPrice: Intl.NumberFormat | undefined;
let intlCount: Intl.NumberFormat | undefined;

/** Digits with a comma every three from the right: '1234567' → '1,234,567'. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  const h = d.getHours();
  return `${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function formatPrice(v: number | null): string {
  if (v === null) return '';
  const fixed = Math.abs(v).toFixed(2);
  if (Number(fixed) !== Math.abs(v) || !Number.isSafeInteger(Math.trunc(v)))
    return (intlPrice ??= new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })).format(v);
  const [whole = '0', cents = '00'] = fixed.split('.');
  return `${v < 0 ? '-' : ''}${grouped(whole)}.${cents}`;
}

export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return (intlCount ??= new Intl.NumberFormat('en-US')).format(n);
  return `${n < 0 ? '-' : ''}${grouped(String(Math.abs(n)))}`;
}

/**
 * The app's one date-and-time text (issue 34): the list's date and time, "Nov 26, 2026, 1:05 PM"
 * (Intl's en-US medium date and short time), on every screen.
 */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${formatTime(iso)}`;
}

/**
 * Relative where it helps: "just now", "5 minutes ago", "3 hours ago" within a day, then the date
 * and time. The exact time goes in the title (`DateTime`).
 */
export function formatRelative(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 0) return formatDateTime(iso);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return formatDateTime(iso);
}

/**
 * How long ago, within a day, as a duration: "less than a minute", "5 minutes", "3 hours"; null
 * when the moment is older (or in the future) and is written as a date.
 */
export function formatDuration(iso: string, now = Date.now()): string | null {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 0) return null;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : null;
}
