import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patternData, postSubmission, sizePdfParts, submissionForm } from '../../test/submission';
import { samplePdf } from '../../test/sample-files';
import { sizes } from '../../db/schema/patterns';
import { SIZE_PATHS } from '../../../shared/contracts/sizes';
import { variationIdFor } from '../../../shared/variation-id';

// The submission and adding a size later once generated different IDs for the same names
// (`x_x_x` against `x_u_n`); both now call the one generator in src/shared.
describe(`generated VariationID (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    partner = await createUser(t, { brand: 'ditto' });
  });
  afterAll(() => t.close());

  it('is the same whether a size came with the submission or was added later', async () => {
    const code = `VAR-${dbKind}`;
    const ditto = await brandIdBySlug(t, 'ditto');
    const created = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, code, [['X / Ü / ñ', 'Größe S']]), sizePdfParts(1)),
    );
    expect(created.statusCode).toBe(201);
    const patternId = created.json().data.ID as number;

    const form = submissionForm({ pattern_view: 'X / Ü / ñ', Size: 'Größe M' }, [
      ['pattern_pdf_file', samplePdf(1500, 'M'), 'm.pdf', 'application/pdf'],
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: SIZE_PATHS.list(patternId),
      headers: partner.auth,
      payload: form,
    });
    expect(added.statusCode).toBe(201);

    const rows = await t.deps.database.db
      .select()
      .from(sizes)
      .where(eq(sizes.patternId, patternId))
      .orderBy(asc(sizes.ID));
    expect(rows.map((r) => r.VariationID)).toEqual([
      `var-${dbKind}_x-u-n_grosse-s`,
      `var-${dbKind}_x-u-n_grosse-m`,
    ]);
    expect(rows.map((r) => r.VariationID)).toEqual(
      rows.map((r) => variationIdFor(code, r.pattern_view, r.Size)),
    );
  });
});
