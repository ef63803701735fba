import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PatternListResponseSchema,
  type PatternListResponse,
} from '../../shared/contracts/pattern-list';
import { fastSerializerCompiler } from './fast-serializer';

/** The list's answer written by fast-json-stringify (issue 15) is the zod serializer's (keys may come in another order). */
describe('fastSerializerCompiler', () => {
  const row = {
    ID: 7,
    SFCC_Pattern_ID: 'PP-0000007',
    Pattern_Name: 'Wrap "Dress" \u2028 ünï \\ 1',
    Brand: 2,
    brandName: "McCall's",
    Type: 'Dress',
    Gender: null,
    Price: 12.5,
    Fabric_type: null,
    Is_Printable: 'Yes',
    SFCC_Status: 'published' as const,
    editStatus: 'changes_requested' as const,
    IS_SFCC_TESTING: true,
    updatedAt: '2025-03-01T12:00:00.000Z',
    heroFileId: 31,
  };
  const answers: PatternListResponse[] = [
    { data: [row], totalCountData: 1, page: 1, pageSize: 25 },
    {
      data: [
        { ...row, editStatus: null, Price: null, Type: null, heroFileId: null },
        { ...row, ID: 8, editStatus: 'in_review', SFCC_Status: 'draft', heroFileId: undefined },
      ],
      totalCountData: 10_000,
      totalCapped: true,
      page: 3,
      pageSize: 100,
    },
    { data: [], totalCountData: 0, page: 1, pageSize: 10 },
  ];

  it('writes what the zod serializer writes', () => {
    const serialize = fastSerializerCompiler({ schema: PatternListResponseSchema });
    for (const a of answers)
      expect(JSON.parse(serialize(a))).toStrictEqual(
        JSON.parse(JSON.stringify(PatternListResponseSchema.encode(a))),
      );
  });

  it('leaves out what the schema does not name', () => {
    const serialize = fastSerializerCompiler({ schema: PatternListResponseSchema });
    const extra = { ...answers[0]!, data: [{ ...row, total: 5, version: '9' }], secret: 'x' };
    expect(JSON.parse(serialize(extra))).toEqual(answers[0]);
  });

  it('refuses a schema it could only serialize by validating each value', () => {
    const union = z.object({
      v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    });
    expect(() => fastSerializerCompiler({ schema: union })).toThrow(/cannot serialize fast/);
    expect(() => fastSerializerCompiler({ schema: { type: 'object' } })).toThrow(/zod schema/);
  });
});
