import type ExcelJS from 'exceljs';
import {
  ALLOWED_VALUES_SHEET,
  IMPORT_COLUMNS,
  IMPORT_NUMBERS,
  MULTI_NAME_SEPARATOR,
} from '../../../shared/contracts/imports';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { csvLine } from '../../lib/csv';

export const TEMPLATE_HEADERS = IMPORT_COLUMNS.map((c) => c.label);

export function templateCsv(): string {
  return csvLine(TEMPLATE_HEADERS);
}

// exceljs keeps range validations in `dataValidations` but does not declare it in its types.
const validations = (sheet: ExcelJS.Worksheet) =>
  (
    sheet as unknown as {
      dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void };
    }
  ).dataValidations;

/** The columns with a list of allowed values, Brand first (the names the user may import into). */
function allowedLists(brandNames: string[]): [string, readonly string[]][] {
  return [
    [PATTERN_LABELS.Brand, brandNames],
    ...IMPORT_COLUMNS.filter((c) => c.options).map(
      (c) => [c.label, c.options!] as [string, readonly string[]],
    ),
  ];
}

/**
 * The XLSX template: the columns on the first sheet (lists offered as drop-downs, notes on the
 * file columns and on Price's number forms), the allowed values on the second.
 */
export async function templateXlsx(brandNames: string[]): Promise<Buffer> {
  // Loaded on first use: exceljs costs about half a second at every start otherwise.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const sheet = wb.addWorksheet('Patterns', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(TEMPLATE_HEADERS);
  sheet.getRow(1).font = { bold: true };
  IMPORT_COLUMNS.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.max(12, c.label.length + 2);
    if (c.key === 'Price') sheet.getCell(1, i + 1).note = IMPORT_NUMBERS.note;
    if (c.level === 'file') {
      sheet.getCell(1, i + 1).note = c.multiple
        ? `File names in the ZIP, separated by ${MULTI_NAME_SEPARATOR}`
        : 'File name in the ZIP';
    }
  });
  const lists = wb.addWorksheet(ALLOWED_VALUES_SHEET);
  const allowed = allowedLists(brandNames);
  allowed.forEach(([label, values], col) => {
    lists.getCell(1, col + 1).value = label;
    lists.getCell(1, col + 1).font = { bold: true };
    lists.getColumn(col + 1).width = Math.max(14, label.length + 2);
    values.forEach((v, row) => (lists.getCell(row + 2, col + 1).value = v));
    const target = TEMPLATE_HEADERS.indexOf(label);
    if (target < 0 || values.length === 0) return;
    const letter = lists.getColumn(col + 1).letter;
    const range = `'${ALLOWED_VALUES_SHEET}'!$${letter}$2:$${letter}$${values.length + 1}`;
    const colLetter = sheet.getColumn(target + 1).letter;
    // One drop-down over the first 5000 rows (a range, not a rule per cell); Excel's own warning names the list.
    validations(sheet).add(`${colLetter}2:${colLetter}5001`, {
      type: 'list',
      allowBlank: true,
      formulae: [range],
      showErrorMessage: true,
      errorTitle: label,
      error: `Choose a value from the ${ALLOWED_VALUES_SHEET} sheet`,
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
