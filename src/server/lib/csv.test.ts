import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, undoFormulaGuard } from './csv';

describe('the CSV writer', () => {
  it('defuses every cell a spreadsheet would run, and nothing else', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(undoFormulaGuard(csvCell(`${lead}1+1`).replace(/^"|"$/g, ''))).toBe(`${lead}1+1`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-5 cm')).toBe("'-5 cm");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
  });

  it('quotes quotes, commas, line breaks and edge spaces', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', ' pad ', 'plain'])).toBe(
      '"a,b","say ""hi""","two\nlines"," pad ",plain\r\n',
    );
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes with another separator, quoting the cells that hold it (issue 48 item 8)', () => {
    expect(csvLine(['12,50', 'a;b', 'x'], ';')).toBe('12,50;"a;b";x\r\n');
    expect(csvLine(['12,50', 'a\tb', 'a,b'], '\t')).toBe('12,50\t"a\tb"\ta,b\r\n');
  });

  it('undoes only its own guard', () => {
    expect(undoFormulaGuard("'=1")).toBe('=1');
    expect(undoFormulaGuard("'quoted")).toBe("'quoted");
    expect(undoFormulaGuard('=1')).toBe('=1');
  });
});
