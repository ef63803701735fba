import { describe, expect, it } from 'vitest';
import { firstRow } from './rows';

describe('firstRow (issue 47)', () => {
  it('gives the first row, and names what was expected when there is none', () => {
    expect(firstRow([{ id: 1 }, { id: 2 }], 'the pattern')).toEqual({ id: 1 });
    expect(() => firstRow([], 'the inserted pattern')).toThrow(
      'Expected a row: the inserted pattern',
    );
  });
});
