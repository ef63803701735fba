import { describe, expect, it } from 'vitest';
import { PatternListQuerySchema } from './pattern-list';
import { readListQuery } from './pattern-list-query';

/** What the screen did before it read its URL without Zod: the schema, dropping each refused key. */
function withSchema(input: Record<string, string>) {
  const raw = { ...input };
  for (let i = 0; i < 20; i++) {
    const parsed = PatternListQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return PatternListQuerySchema.parse({});
}

// Values each key may carry in a URL: what the schema takes, and what it refuses.
const VALUES: Record<string, string[]> = {
  search: [
    '',
    'vogue',
    '  dress  ',
    'x'.repeat(100),
    'x'.repeat(101),
    ' ' + 'y'.repeat(100) + ' ',
    'a\u0000b',
  ],
  brand: [
    '1',
    '42',
    '0',
    '-3',
    '2147483647',
    '2147483648',
    '99999999999',
    'mccalls',
    ' kwik-sew ',
    'Liesl + Co.',
    '',
    '  ',
    'b'.repeat(101),
    'a\u0000',
    '1.5',
    '007',
  ],
  status: ['draft', 'in_review', 'changes_requested', 'published', 'Draft', ''],
  type: ['Women Patterns', 'Craft Patterns', 'women patterns', 'Nope', ''],
  fabric: ['Knit', 'Woven', 'Knit/Woven', 'Other', 'knit', ''],
  printable: ['Yes', 'No', 'yes', ''],
  sort: [
    'SFCC_Pattern_ID',
    'Pattern_Name',
    'brand',
    'Type',
    'Gender',
    'Price',
    'status',
    'updatedAt',
    'createdAt',
    '',
  ],
  dir: ['asc', 'desc', 'ASC', ''],
  page: [
    '1',
    '2',
    '10000000',
    '10000001',
    '0',
    '-1',
    '1.5',
    'abc',
    '',
    ' 3 ',
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
  ],
  pageSize: ['10', '25', '50', '100', '20', '0', 'abc', '', '1e1', ' 25 '],
  after: ['1', '17', '0', '-5', '2.5', 'x', '', '2147483647', '2147483648', ' 9 ', '1e2'],
  before: ['3', '0', 'y', '', '4294967296'],
  version: ['working', 'published', 'draft', ''],
  other: ['ignored'],
};

describe("My Patterns' URL read without Zod (readListQuery)", () => {
  it('gives the defaults for a URL without parameters, as the schema does', () => {
    expect(readListQuery({})).toStrictEqual(withSchema({}));
  });

  it('keeps and drops each value as the list schema does, key by key', () => {
    for (const [key, values] of Object.entries(VALUES))
      for (const v of values)
        expect(readListQuery({ [key]: v }), `${key}=${JSON.stringify(v)}`).toStrictEqual(
          withSchema({ [key]: v }),
        );
  });

  it('answers as the schema does for mixed URLs of good and refused values', () => {
    // A deterministic walk through combinations (a linear congruential sequence, no randomness).
    const keys = Object.keys(VALUES);
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 400; i++) {
      const input: Record<string, string> = {};
      for (const key of keys)
        if (next(3) > 0) input[key] = VALUES[key]![next(VALUES[key]!.length)]!;
      expect(readListQuery(input), JSON.stringify(input)).toStrictEqual(withSchema(input));
    }
  });
});
