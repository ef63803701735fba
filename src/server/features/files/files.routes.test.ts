import fs from 'node:fs';
import path from 'node:path';
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
  listObjects,
  namedFileParts,
  type FilePart,
  patternData,
  postSubmission,
  sizePdfParts,
  submissionForm,
} from '../../test/submission';
import { samplePdf } from '../../test/sample-files';
import { patternFiles } from '../../db/schema/patterns';
import { FILE_PATHS } from '../../../shared/contracts/files';
import { sweepOrphans } from './sweep';

describe(`GET ${FILE_PATHS.downloadPattern} (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let sameBrand: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let files: (typeof patternFiles.$inferSelect)[];
  const sent = new Map<string, Buffer>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    sameBrand = await createUser(t, { brand: 'ditto' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null });
    const unicodePdf: FilePart = [
      'Yardage_PDF',
      samplePdf(1800, 'Groesse'),
      'Größe 38 (final).pdf',
      'application/pdf',
    ];
    const parts = [
      ...namedFileParts().map((p) => (p[0] === 'Yardage_PDF' ? unicodePdf : p)),
      ...sizePdfParts(1),
    ];
    for (const [, bytes, name] of parts) sent.set(name.replace(/[\s()]/g, ''), bytes);
    const res = await postSubmission(
      t,
      owner,
      submissionForm(patternData(await brandIdBySlug(t, 'ditto'), 'DL-1'), parts),
    );
    expect(res.statusCode).toBe(201);
    files = await t.deps.database.db
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.patternId, res.json().data.ID))
      .orderBy(asc(patternFiles.id));
  });
  afterAll(() => t.close());

  const get = (id: number | string, user?: TestUser, query = '') =>
    t.app.inject({ url: `/api/files/${id}${query}`, headers: user?.auth ?? {} });
  const byName = (name: string) => files.find((f) => f.fileName === name)!;

  it('gives the owner brand the exact bytes as an attachment with the sanitised name', async () => {
    for (const f of files) {
      const res = await get(f.id, owner);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(sent.get(f.fileName)!)).toBe(true);
      expect(res.headers['content-type']).toBe(f.contentType);
      expect(Number(res.headers['content-length'])).toBe(f.byteSize);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${f.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`,
      );
    }
    expect(byName('Größe38final.pdf')).toBeDefined();
    const res = await get(byName('Größe38final.pdf').id, sameBrand);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Gr__e38final.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe38final.pdf`,
    );
  });

  it('answers 404 to another brand and 200 to an admin', async () => {
    const f = byName('instructions.pdf');
    const res = await get(f.id, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'File not found', code: 'NOT_FOUND' });
    expect((await get(f.id, admin)).statusCode).toBe(200);
  });

  it('needs a signed-in user, a numeric id and an existing file', async () => {
    const f = files[0]!;
    expect((await get(f.id)).statusCode).toBe(401);
    expect((await get('abc', owner)).statusCode).toBe(400);
    expect((await get(999999, owner)).statusCode).toBe(404);
  });

  it('serves previews inline on request', async () => {
    const res = await get(byName('mainhero.png').id, owner, '?inline=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="mainhero.png"/);
  });

  it('answers 404 when the stored object is gone', async () => {
    const f = byName('sketch.png');
    fs.rmSync(path.join(t.dataDir, 'files', f.storageKey));
    expect((await get(f.id, owner)).statusCode).toBe(404);
  });

  it('sweeps old temporaries and orphans, keeping referenced and recent objects', async () => {
    const root = path.join(t.dataDir, 'files');
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    const make = (key: string, age?: Date) => {
      const p = path.join(root, key);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, 'x');
      if (age) fs.utimesSync(p, age, age);
    };
    make('patterns/2020-01/orphan-old', old);
    make('patterns/2020-01/half-written.part', old);
    make('users/elsewhere.part', old);
    make('patterns/2020-01/orphan-new');
    make('users/profile-pic-not-ours', old);
    const referenced = path.join(root, files[0]!.storageKey);
    fs.utimesSync(referenced, old, old);

    const result = await sweepOrphans(t.deps);
    expect(result).toMatchObject({ temporaries: 2, orphans: 1 });
    const left = listObjects(t);
    expect(left).not.toContain('patterns/2020-01/orphan-old');
    expect(left).not.toContain('patterns/2020-01/half-written.part');
    expect(left).toContain('patterns/2020-01/orphan-new');
    expect(left).toContain('users/profile-pic-not-ours');
    expect(left).toContain(files[0]!.storageKey);
  });
});
