import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, IMPORT_NUMBERS } from '../../../shared/contracts/imports';
import { numberStyleOf, readSheetNumber, type NumberStyle } from './sheet-number';

const read = (cell: string, style: NumberStyle) => readSheetNumber(cell, style, 'Price');

describe('numbers as a sheet writes them (issue 48 item 8)', () => {
  it('takes the style from the separator: a comma sheet points, semicolons and tabs may comma, XLSX is cells', () => {
    expect(numberStyleOf(',')).toBe('point');
    expect(numberStyleOf(';')).toBe('comma');
    expect(numberStyleOf('\t')).toBe('comma');
    expect(numberStyleOf(undefined)).toBe('cell');
  });

  it('reads a decimal comma and unambiguous thousands marks in a semicolon or tab sheet', () => {
    const cases: [string, string][] = [
      ['12,50', '12.50'],
      ['12,5', '12.5'],
      ['1234,50', '1234.50'],
      ['1.234,50', '1234.50'],
      ['1.234.567,89', '1234567.89'],
      ['1 234,50', '1234.50'],
      ['1\u00a0234,50', '1234.50'],
      ['1\u202f234,50', '1234.50'],
      ["1'234.50", '1234.50'],
      ['1,234.50', '1234.50'],
      ['1.234.567', '1234567'],
      ['1 234', '1234'],
      ['12.50', '12.50'],
      ['1234.567', '1234.567'],
      ['0,125', '0.125'],
      [',5', '0.5'],
      ['12', '12'],
      ['-12,50', '-12.50'],
      [' 12,50 ', '12.50'],
    ];
    for (const [cell, text] of cases) expect([cell, read(cell, 'comma')]).toEqual([cell, { text }]);
  });

  it('refuses a single mark before exactly three digits in a semicolon sheet, as ambiguous', () => {
    expect(read('1.234', 'comma')).toEqual({
      problem: IMPORT_MSG.ambiguousNumber('Price', '1.234'),
    });
    expect(read('1,234', 'comma')).toEqual({
      problem: IMPORT_MSG.ambiguousNumber('Price', '1,234'),
    });
    expect(IMPORT_MSG.ambiguousNumber('Price', '1.234')).toContain('write 1234 for the thousands');
  });

  it('refuses what is no number, naming the forms the sheet takes', () => {
    const commaForms = { problem: IMPORT_MSG.notANumber('Price', IMPORT_NUMBERS.commaForms) };
    for (const cell of ['cheap', '12,50 €', '1.23,45', '12.5.3', '1,2,3', '1e3', '12,'])
      expect([cell, read(cell, 'comma')]).toEqual([cell, commaForms]);
    expect(commaForms.problem).toBe(
      'Price must be a number such as 12,50, 1234,50, 1.234,50 or 1\u00a0234,50 (12.50 too)',
    );
  });

  it('keeps a comma-separated sheet to the decimal point, saying how to write a decimal comma', () => {
    expect(read('12.50', 'point')).toEqual({ text: '12.50' });
    expect(read('.5', 'point')).toEqual({ text: '.5' });
    expect(read('-3', 'point')).toEqual({ text: '-3' });
    expect(read('12,50', 'point')).toEqual({
      problem:
        'Price "12,50" has a decimal comma, which a comma-separated sheet cannot hold: write 12.50, or save the sheet separated by semicolons',
    });
    expect(read('1.234,50', 'point')).toEqual({
      problem: IMPORT_MSG.decimalCommaInCommaSheet('Price', '1.234,50', '1234.50'),
    });
    const pointForms = { problem: 'Price must be a number such as 12.50 or 1234.50' };
    for (const cell of ['cheap', '1,234.50', '1,234', '1 234', '0x10', '1e3'])
      expect([cell, read(cell, 'point')]).toEqual([cell, pointForms]);
  });

  it('passes an XLSX cell on as it is', () => {
    expect(read('12.5', 'cell')).toEqual({ text: '12.5' });
    expect(read('1e+21', 'cell')).toEqual({ text: '1e+21' });
  });
});
