import { IMPORT_MSG, IMPORT_NUMBERS } from '../../../shared/contracts/imports';

/**
 * How a sheet writes its numbers, from its cell separator (issue 48 item 8,
 * docs/product-decisions.md "Bulk import"):
 * - `point`: a comma-separated CSV; the comma is the separator, the point the decimal mark.
 * - `comma`: a CSV separated by semicolons or tabs, as a European Excel saves one because the
 *   comma is its decimal mark; a point is read too where it cannot be a thousands mark.
 * - `cell`: XLSX; a number cell is a number already, its text is passed on as before.
 */
export type NumberStyle = 'point' | 'comma' | 'cell';

export const numberStyleOf = (delimiter: string | undefined): NumberStyle =>
  delimiter === undefined ? 'cell' : delimiter === ',' ? 'point' : 'comma';

/** The number as the schemas read it (`1234.50`), or the message for the cell. */
export type SheetNumber = { text: string } | { problem: string };

const POINT = /^\d+(\.\d+)?$|^\.\d+$/;
/** One mark between digits: a decimal mark, unless exactly three digits follow (see `read`). */
const ONE_MARK = /^(\d+)[.,](\d+)$/;
/** Marks that are never decimal: spaces (also no-break and narrow no-break) and apostrophes. */
const GROUP_ONLY = "[ \u00a0\u202f'\u2019]";
const groupsOf = (mark: string) => new RegExp(`^\\d{1,3}(?:${mark}\\d{3})+$`);
const SPACE_GROUPS = groupsOf(GROUP_ONLY);
/** Two or more points (or commas) can only group thousands: a decimal mark comes once. */
const POINT_GROUPS = /^\d{1,3}(?:\.\d{3}){2,}$/;
const COMMA_GROUPS = /^\d{1,3}(?:,\d{3}){2,}$/;

/** The integer part with its thousands marks: plain digits, or groups of three by one mark other than the decimal one. */
function wholePart(text: string, decimalMark: string): string | undefined {
  if (/^\d+$/.test(text)) return text;
  const other = decimalMark === ',' ? '\\.' : ',';
  if (SPACE_GROUPS.test(text) || groupsOf(other).test(text)) return text.replace(/\D/g, '');
  return undefined;
}

/** A `comma` sheet's number without its sign: `1234.50`, `ambiguous`, or undefined when it is no number. */
function readComma(body: string): string | 'ambiguous' | undefined {
  if (/^\d+$/.test(body)) return body;
  const one = ONE_MARK.exec(body);
  if (one) {
    // "1.234" is 1234 to a German reader and 1.234 to an English one; "0.125" groups nothing.
    if (one[2]!.length === 3 && one[1] !== '0' && one[1]!.length <= 3) return 'ambiguous';
    return `${one[1]}.${one[2]}`;
  }
  if (/^[.,]\d+$/.test(body)) return `0.${body.slice(1)}`;
  if (SPACE_GROUPS.test(body) || POINT_GROUPS.test(body) || COMMA_GROUPS.test(body))
    return body.replace(/\D/g, '');
  // Both kinds of mark: the last one is the decimal mark, the integer part before it groups thousands.
  const last = /^(.*\d)([.,])(\d+)$/.exec(body);
  if (!last) return undefined;
  const whole = wholePart(last[1]!, last[2]!); // groups of a successful match
  return whole === undefined ? undefined : `${whole}.${last[3]}`;
}

/**
 * Reads a numeric cell (`label` names its column in the messages). A sign is kept, so a negative
 * price reaches the schema's own range message.
 */
export function readSheetNumber(cell: string, style: NumberStyle, label: string): SheetNumber {
  const text = cell.trim();
  if (style === 'cell') return { text };
  const sign = /^[+-]/.test(text) ? text.charAt(0) : '';
  const body = text.slice(sign.length);
  if (style === 'point') {
    if (POINT.test(body)) return { text: sign + body };
    // Written for a semicolon sheet (its last mark a comma before decimals): say so, and how to write it here.
    const asComma = readComma(body);
    if (asComma?.includes('.') && body.lastIndexOf(',') > body.lastIndexOf('.'))
      return { problem: IMPORT_MSG.decimalCommaInCommaSheet(label, text, sign + asComma) };
    return { problem: IMPORT_MSG.notANumber(label, IMPORT_NUMBERS.pointForms) };
  }
  const read = readComma(body);
  if (read === 'ambiguous') return { problem: IMPORT_MSG.ambiguousNumber(label, text) };
  if (read === undefined)
    return { problem: IMPORT_MSG.notANumber(label, IMPORT_NUMBERS.commaForms) };
  return { text: sign + read };
}
