import http from 'node:http';
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
import {
  eventually,
  listObjects,
  namedFileParts,
  patternData,
  postSubmission,
  readObject,
  sizePdfParts,
  submissionForm,
  type FilePart,
} from '../../test/submission';
import { samplePdf, samplePng } from '../../test/sample-files';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { MSG } from '../../../shared/messages';
import { LIMITS } from '../../../shared/limits';
import { CREATE_MSG, PATTERN_CREATE_PATH } from '../../../shared/contracts/pattern-create';
import { isThumbnailKey } from '../preflight';

describe(`POST ${PATTERN_CREATE_PATH} (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  let admin: TestUser;
  let ditto: number;
  let butterick: number;
  beforeAll(async () => {
    t = await createTestApp();
    partner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
    ditto = await brandIdBySlug(t, 'ditto');
    butterick = await brandIdBySlug(t, 'butterick');
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const patternRows = (id: string) =>
    db().select().from(patterns).where(eq(patterns.SFCC_Pattern_ID, id));
  let seq = 0;
  const newId = () => `PP-${dbKind}-${++seq}`;

  it('stores a full submission: three sizes and every file kind, in one go', async () => {
    const id = newId();
    const data = patternData(
      ditto,
      id,
      [
        ['A', 'S'],
        ['A', 'M'],
        ['B View', 'X Large'],
      ],
      {
        Technical_Details: 'Two pieces',
        Pattern_Description: 'A summer dress',
        Fabric_Recommendation: 'Linen',
        Fabric_type: 'Woven',
        Notion: 'Zip',
        Type: 'Women Patterns',
        Is_Printable: 'Yes',
        Gender: 'Women',
        Price: '12.5',
        Suitable_For: 'Beginners',
        is_Subscribable: 'No',
        Pattern_Fit: 'Loose',
      },
    );
    const parts = [...namedFileParts(), ...sizePdfParts(3)];
    // Photos' thumbnails (preflight) are stored beside them: count the files themselves.
    const files = () => listObjects(t).filter((k) => !isThumbnailKey(k));
    const before = files().length;
    const res = await postSubmission(t, partner, submissionForm(data, parts));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      data: { ID: expect.any(Number), files: expect.any(Array) },
    });
    expect(body.data.files).toHaveLength(parts.length);
    expect(body.data.files[0]).toEqual({
      id: expect.any(Number),
      kind: 'Instruction_PDF',
      sizeId: null,
      fileName: 'instructions.pdf',
      contentType: 'application/pdf',
      byteSize: parts[0]![1].length,
      url: expect.stringMatching(/^\/api\/files\/\d+$/),
    });

    const [row] = await patternRows(id);
    if (!row) throw new Error('expected row');
    expect(row).toMatchObject({
      ID: body.data.ID,
      Pattern_Name: `Pattern ${id}`,
      brandId: ditto,
      Fabric_type: 'Woven',
      Price: '12.50',
      createdBy: partner.id,
      SFCC_Status: 'draft',
      IS_SFCC_TESTING: false,
    });
    const sizeRows = await db()
      .select()
      .from(sizes)
      .where(eq(sizes.patternId, row.ID))
      .orderBy(asc(sizes.ID));
    expect(
      sizeRows.map((s) => [s.pattern_view, s.Size, s.VariationID, s.Pattern_Pdf_File_Name]),
    ).toEqual([
      ['A', 'S', `${id.toLowerCase()}_a_s`, 'size-0.pdf'],
      ['A', 'M', `${id.toLowerCase()}_a_m`, 'size-1.pdf'],
      ['B View', 'X Large', `${id.toLowerCase()}_b-view_x-large`, 'size-2.pdf'],
    ]);
    const fileRows = await db()
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.patternId, row.ID))
      .orderBy(asc(patternFiles.id));
    expect(fileRows).toHaveLength(parts.length);
    // Stored by content (ADR 009): the JPEG given as a hero image and as the yardage image is one object.
    const objects = new Set(fileRows.map((f) => f.storageKey));
    expect(objects.size).toBe(parts.length - 1);
    expect(files().length).toBe(before + objects.size);
    for (const [field, bytes, name] of parts) {
      const kind = field.startsWith('pattern_pdf_file') ? 'pattern_pdf_file' : field;
      const match = fileRows.find((f) => f.kind === kind && f.fileName === name.replace(/\s/g, ''));
      expect(match, `${field} ${name}`).toBeDefined();
      expect(match!.byteSize).toBe(bytes.length);
      expect(readObject(t, match!.storageKey).equals(bytes)).toBe(true);
      expect(match!.storageKey).toMatch(/^patterns\/sha256\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    }
    const pdfRows = fileRows.filter((f) => f.kind === 'pattern_pdf_file');
    expect(pdfRows.map((f) => f.sizeId)).toEqual(sizeRows.map((s) => s.ID));
    expect(
      fileRows.find((f) => f.kind === 'Hero_Images' && f.fileName === 'hero-2.jpg')!.contentType,
    ).toBe('image/jpeg');
  });

  it('takes data after the files, and size PDFs sent as `files` named pattern_pdf_file{i}', async () => {
    const id = newId();
    const data = patternData(ditto, id, [
      ['A', '10'],
      ['A', '12'],
    ]);
    data.Size[0]!.Pattern_Pdf_File_Name = 'Dress size 10.pdf';
    const parts: FilePart[] = [
      ['files', samplePdf(1500, 'twelve'), 'pattern_pdf_file1', 'application/pdf'],
      ['files', samplePdf(1600, 'ten'), 'pattern_pdf_file0.pdf', 'application/pdf'],
    ];
    const res = await postSubmission(t, partner, submissionForm(data, parts, { dataLast: true }));
    expect(res.statusCode).toBe(201);
    const s = await db()
      .select()
      .from(sizes)
      .where(eq(sizes.patternId, res.json().data.ID))
      .orderBy(asc(sizes.ID));
    expect(s.map((x) => x.Pattern_Pdf_File_Name)).toEqual(['Dresssize10.pdf', 'size-1.pdf']);
    const f = await db().select().from(patternFiles).where(eq(patternFiles.sizeId, s[0]!.ID));
    expect(f[0]?.byteSize).toBe(1600);
  });

  it('reports every required field at once, with the form messages', async () => {
    const before = listObjects(t);
    const res = await postSubmission(
      t,
      partner,
      submissionForm({ Size: [{}, { pattern_view: 'A', Size: 'M' }] }, [
        ['pattern_pdf_file1', samplePdf(), 'a.pdf'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MSG.checkRequired });
    expect(res.json().fields).toEqual({
      SFCC_Pattern_ID: 'Pattern ID is required',
      Pattern_Name: 'Pattern Name is required',
      Brand: MSG.chooseBrand,
      'Size.0.pattern_view': MSG.patternViewRequired,
      'Size.0.Size': MSG.sizeRequired,
      'Size.0.pattern_pdf_file': MSG.patternPdfRequired,
    });
    expect(listObjects(t)).toEqual(before);

    const empty = await postSubmission(t, partner, submissionForm(undefined, []));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      SFCC_Pattern_ID: 'Pattern ID is required',
      Size: CREATE_MSG.sizesMin,
    });

    const bad = await postSubmission(
      t,
      partner,
      submissionForm(
        patternData(
          ditto,
          newId(),
          [
            ['A', 'M'],
            ['a', 'm'],
          ],
          { Price: 'abc', Fabric_type: 'Silk' },
        ),
        sizePdfParts(2),
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      Price: 'Price must be a number',
      Fabric_type: 'Fabric Type must be one of: Knit, Woven, Knit/Woven, Other',
      'Size.1.Size': CREATE_MSG.duplicateSize('a', 'm'),
    });

    const notJson = await postSubmission(t, partner, submissionForm('{"SFCC', []));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().fields).toEqual({ data: CREATE_MSG.dataInvalidJson });
    expect(listObjects(t)).toEqual(before);
  });

  it('refuses a size PDF over 5 MB with 413 at its size, leaving nothing', async () => {
    const id = newId();
    const before = listObjects(t);
    const parts: FilePart[] = [
      ...namedFileParts().slice(0, 2),
      ['pattern_pdf_file0', samplePdf(LIMITS.patternPdfBytes + 1), 'big.pdf', 'application/pdf'],
    ];
    const res = await postSubmission(t, partner, submissionForm(patternData(ditto, id), parts));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: { 'Size.0.pattern_pdf_file': 'big.pdf is larger than 5MB' },
    });
    expect(await patternRows(id)).toHaveLength(0);
    expect(listObjects(t)).toEqual(before);
  });

  it('refuses an image over the 10 MB limit with 413 at its field', async () => {
    const id = newId();
    const before = listObjects(t);
    const big = Buffer.concat([samplePng(), Buffer.alloc(LIMITS.imageBytes, 0)]);
    const res = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, id), [
        ...sizePdfParts(1),
        ['Hero_Images', samplePng(), 'ok.png'],
        ['Hero_Images', big, 'huge.png', 'image/png'],
      ]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().fields).toEqual({ Hero_Images: 'huge.png is larger than 10MB' });
    expect(await patternRows(id)).toHaveLength(0);
    expect(listObjects(t)).toEqual(before);
  });

  it('refuses more than 20 hero images at the field', async () => {
    const before = listObjects(t);
    const heroes: FilePart[] = Array.from({ length: LIMITS.heroImagesMax + 1 }, (_, i) => [
      'Hero_Images',
      samplePng(4, 4),
      `h${i}.png`,
      'image/png',
    ]);
    const res = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, newId()), [...sizePdfParts(1), ...heroes]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ Hero_Images: CREATE_MSG.heroMax });
    expect(listObjects(t)).toEqual(before);
  });

  it('refuses a renamed file of the wrong type with 415', async () => {
    const before = listObjects(t);
    const asPdf = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, newId()), [
        ...sizePdfParts(1),
        ['Instruction_PDF', samplePng(), 'instructions.pdf', 'application/pdf'],
      ]),
    );
    expect(asPdf.statusCode).toBe(415);
    expect(asPdf.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      fields: { Instruction_PDF: 'instructions.pdf is not a PDF' },
    });
    const asImage = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, newId()), [
        ['Sketch_Image', samplePdf(), 'sketch.png', 'image/png'],
        ...sizePdfParts(1),
      ]),
    );
    expect(asImage.statusCode).toBe(415);
    expect(asImage.json().fields).toEqual({ Sketch_Image: 'sketch.png is not a JPG or PNG image' });
    expect(listObjects(t)).toEqual(before);
  });

  it('strips every listed character and any path from file names; keys are generated', async () => {
    const id = newId();
    const boundary = '----ppp-test-boundary';
    const weird = `a&b#c,d e+f(g)h$i~j%k@l'm"n:o*p?q<r>s{t}u.pdf`;
    const part = (headers: string, body: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    const file = (field: string, name: string, bytes: Buffer) =>
      part(
        `Content-Disposition: form-data; name="${field}"; filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: application/pdf`,
        bytes,
      );
    const payload = Buffer.concat([
      part(
        'Content-Disposition: form-data; name="data"',
        JSON.stringify(
          patternData(ditto, id, [
            ['A', 'M'],
            ['A', 'L'],
          ]),
        ),
      ),
      file('Instruction_PDF', weird, samplePdf()),
      file('pattern_pdf_file0', '../../etc/passwd.pdf', samplePdf()),
      file('pattern_pdf_file1', '..\\..\\win (1).pdf', samplePdf()),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: PATTERN_CREATE_PATH,
      headers: { ...partner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const rows = await db()
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.patternId, res.json().data.ID))
      .orderBy(asc(patternFiles.id));
    expect(rows.map((r) => r.fileName)).toEqual([
      'abcdefghijklmnopqrstu.pdf',
      'passwd.pdf',
      'win1.pdf',
    ]);
    for (const r of rows)
      expect(r.storageKey).toMatch(/^patterns\/sha256\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
  });

  it('lets a user add only to their own brand; an admin to any', async () => {
    const before = listObjects(t);
    for (const dataLast of [false, true]) {
      const id = newId();
      const res = await postSubmission(
        t,
        partner,
        submissionForm(patternData(butterick, id), [...sizePdfParts(1), ...namedFileParts()], {
          dataLast,
        }),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: CREATE_MSG.otherBrand,
        fields: { Brand: CREATE_MSG.otherBrand },
      });
      expect(await patternRows(id)).toHaveLength(0);
    }
    expect(listObjects(t)).toEqual(before);
    const ok = await postSubmission(
      t,
      admin,
      submissionForm(patternData(butterick, newId()), sizePdfParts(1)),
    );
    expect(ok.statusCode).toBe(201);
    const unknown = await postSubmission(
      t,
      admin,
      submissionForm(patternData(99999, newId()), sizePdfParts(1)),
    );
    expect(unknown.json().fields).toEqual({ Brand: CREATE_MSG.unknownBrand });
    expect(
      (await postSubmission(t, null, submissionForm(patternData(ditto, newId()), sizePdfParts(1))))
        .statusCode,
    ).toBe(401);
  });

  it('answers 409 for a taken Pattern ID, also when two arrive together', async () => {
    const id = newId();
    expect(
      (await postSubmission(t, partner, submissionForm(patternData(ditto, id), sizePdfParts(1))))
        .statusCode,
    ).toBe(201);
    const before = listObjects(t);
    const again = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, id), sizePdfParts(1), { dataLast: true }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: MSG.patternIdTaken,
      fields: { SFCC_Pattern_ID: MSG.patternIdTaken },
    });

    // Both pass the early check (data comes last); the unique constraint decides.
    const twin = newId();
    const results = await Promise.all(
      [0, 1].map(() =>
        postSubmission(
          t,
          partner,
          submissionForm(patternData(ditto, twin), sizePdfParts(1, 50_000), { dataLast: true }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await patternRows(twin)).toHaveLength(1);
    expect(listObjects(t).length).toBe(before.length + 1);
  });

  it('leaves no rows and no objects when the client disconnects mid-upload', async () => {
    const id = newId();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = listObjects(t);
    const boundary = '----ppp-cut';
    const head = (field: string, name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const req = http.request(`${address}${PATTERN_CREATE_PATH}`, {
      method: 'POST',
      headers: {
        ...partner.auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(
        patternData(ditto, id, [
          ['A', 'M'],
          ['A', 'L'],
        ]),
      )}\r\n`,
    );
    req.write(
      Buffer.concat([
        Buffer.from(head('pattern_pdf_file0', 'first.pdf')),
        samplePdf(200_000),
        Buffer.from('\r\n'),
      ]),
    );
    req.write(
      Buffer.concat([
        Buffer.from(head('pattern_pdf_file1', 'second.pdf')),
        samplePdf(3_000_000).subarray(0, 1_000_000),
      ]),
    );
    // Cut the connection once the first file is stored and the second is being written.
    await eventually(() => listObjects(t).filter((k) => !before.includes(k)).length >= 2);
    req.destroy();
    await eventually(() => listObjects(t).length === before.length);
    expect(listObjects(t)).toEqual(before);
    expect(await patternRows(id)).toHaveLength(0);
  });
});
