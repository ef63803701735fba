/**
 * The one CSV writer (issue 33 item 5): the pattern export, the newsletter export, the import
 * template and the import report all write their cells here.
 *
 * A text cell a spreadsheet would run as a formula (first character = + - @, tab or carriage
 * return) gets a leading apostrophe (OWASP "CSV injection"); numbers are written as they are.
 * A cell is quoted when it holds a quote, the separator (a comma) or a line break, or starts or ends
 * with spaces.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined, delimiter = ','): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /["\r\n]/.test(s) || s.includes(delimiter) || s !== s.trim()
    ? `"${s.replace(/"/g, '""')}"`
    : s;
}

/**
 * One CSV record with its CRLF line end (RFC 4180). `delimiter` other than the comma: the import
 * report writes a sheet back with the separator it came with (a semicolon sheet's decimal commas
 * stay readable, docs/product-decisions.md "Bulk import").
 */
export const csvLine = (cells: readonly (string | number | null | undefined)[], delimiter = ',') =>
  cells.map((c) => csvCell(c, delimiter)).join(delimiter) + '\r\n';

/**
 * The reading side, for sheets the portal wrote and a user sends back (the import report): a cell
 * the writer defused reads as the user wrote it.
 */
export const undoFormulaGuard = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
