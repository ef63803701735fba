/**
 * Wall-clock times in the publisher's time zone (PUBLISHER_TIME_ZONE, an IANA name), with Intl only.
 */
function parts(at: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    mi: Number(p.minute),
    s: Number(p.second),
  };
}

/** Minutes the zone is ahead of UTC at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = parts(at, timeZone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * "2027-01-15T07:00" on the zone's clock → the instant; a string with an offset or Z is taken as
 * it is. A time skipped by a DST change moves forward with the clock; null when not a date.
 */
export function parsePublishAt(text: string, timeZone: string): Date | null {
  const s = text.trim().replace(' ', 'T');
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const at = new Date(s);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, sec ?? 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59)
    return null;
  // Two rounds settle the offset on either side of a DST change.
  let at = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  at = wall - offsetMinutes(new Date(at), timeZone) * 60_000;
  return new Date(at);
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The instant on the zone's clock: "2027-01-15T07:00". */
export function localText(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}

/** "15 Jan, 07:00" on the zone's clock. */
export function localLabel(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${p.d} ${MONTHS[p.mo - 1]}, ${pad(p.h)}:${pad(p.mi)}`;
}
