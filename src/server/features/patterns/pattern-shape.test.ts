import { describe, expect, it } from 'vitest';
import {
  exportDate,
  isoDate,
  priceToApi,
  priceToDb,
  toDetailFields,
  toListRow,
  withBrandName,
} from './pattern-shape';
import { PatternListRowSchema } from '../../../shared/contracts/pattern-list';

const created = new Date('2026-01-02T03:04:05.678Z');
const updated = new Date('2026-02-03T04:05:06.789Z');

describe('pattern row → API shape', () => {
  it("writes PostgreSQL's timestamp text as ISO 8601, the instant a Date reads from it", () => {
    for (const text of [
      '2026-03-01 10:20:30+00',
      '2026-03-01 10:20:30.1+00',
      '2026-03-01 10:20:30.12+00',
      '2026-03-01 10:20:30.123+00',
      '2026-03-01 10:20:30.123999+00',
      '2026-12-31 23:59:59.999999+00',
      '1999-01-01 00:00:00+00',
      '2026-03-01 10:20:30.5+05:30',
      '2026-03-01 10:20:30-08',
    ])
      expect(isoDate(text), text).toBe(new Date(text).toISOString());
    expect(isoDate('2026-03-01 10:20:30.123456+00')).toBe('2026-03-01T10:20:30.123Z');
    // (A Date reads this one as 2001.)
    expect(isoDate('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
    expect(isoDate('2026-03-01 10:20:30.5+05:30')).toBe('2026-03-01T04:50:30.500Z');
    expect(isoDate(new Date('2026-03-01T10:20:30.7Z'))).toBe('2026-03-01T10:20:30.700Z');
  });

  it('writes a price as cents text and reads it back as a number', () => {
    expect(priceToDb(12.5)).toBe('12.50');
    expect(priceToDb(0)).toBe('0.00');
    expect(priceToDb(0.1 + 0.2)).toBe('0.30');
    expect(priceToDb(99_999_999.99)).toBe('99999999.99');
    expect(priceToApi('12.50')).toBe(12.5);
    expect(priceToApi('0.00')).toBe(0);
    expect(priceToApi(null)).toBeNull();
  });

  it('maps a detail row: Brand is the id, null dates stay null, dates are ISO in UTC', () => {
    const row = {
      ID: 7,
      brandId: 3,
      brandName: "McCall's",
      Price: '14.99',
      reviewedAt: null,
      publishedAt: new Date('2026-03-01T00:00:00Z'),
      createdAt: created,
      updatedAt: updated,
    };
    const out = toDetailFields(row);
    expect(out).toEqual({
      ID: 7,
      Brand: 3,
      brandName: "McCall's",
      Price: 14.99,
      reviewedAt: null,
      publishedAt: '2026-03-01T00:00:00.000Z',
      createdAt: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-02-03T04:05:06.789Z',
    });
    expect(out).not.toHaveProperty('brandId');
    expect(toDetailFields({ ...row, Price: null }).Price).toBeNull();
  });

  it('maps a list row the same way: every field of the list contract, no other', () => {
    const row = {
      ID: 1,
      SFCC_Pattern_ID: 'PP-0000001',
      Pattern_Name: 'Wrap jacket',
      brandId: 2,
      brandName: 'Kwik Sew',
      Type: 'Jacket',
      Gender: null,
      Price: '9.50',
      Fabric_type: 'Woven',
      Is_Printable: 'Yes',
      SFCC_Status: 'published' as const,
      editStatus: null,
      IS_SFCC_TESTING: false,
      updatedAt: updated,
      heroFileId: null,
    };
    const out = toListRow(row);
    expect(out).toEqual({
      ...row,
      brandId: undefined,
      Brand: 2,
      Price: 9.5,
      updatedAt: '2026-02-03T04:05:06.789Z',
    });
    // Written field by field (no rest and spread): a column the contract gains must be added there.
    // `storefront` is added after the read, for admins (list-storefront.repo.ts), not by the mapping.
    expect(Object.keys(out).sort()).toEqual(
      [...PatternListRowSchema.keyof().options].filter((k) => k !== 'storefront').sort(),
    );
    expect(PatternListRowSchema.strict().parse(out)).toEqual(out);
    // A date read as text (PGlite's raw reader) comes out the same.
    expect(toListRow({ ...row, updatedAt: '2026-02-03 04:05:06.789+00' }).updatedAt).toBe(
      '2026-02-03T04:05:06.789Z',
    );
  });

  it('gives the export an empty cell for no date, and the activity log the brand name', () => {
    expect(exportDate(null)).toBe('');
    expect(exportDate(created)).toBe('2026-01-02T03:04:05.678Z');
    expect(withBrandName({ brandId: 2, brandName: 'Simplicity' }).Brand).toBe('Simplicity');
  });
});
