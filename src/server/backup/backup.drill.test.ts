import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  dbKind,
  TEST_PASSWORD,
  TEST_WORKERS,
  type TestApp,
} from '../test/helper';
import {
  namedFileParts,
  patternData,
  postSubmission,
  sizePdfParts,
  submissionForm,
} from '../test/submission';
import { parseEnv } from '../config/env';
import { createDeps } from '../deps';
import { buildApp } from '../app';
import { createLogger } from '../lib/logger';
import { enqueueJob } from '../jobs/outbox';
import { MAIL_JOB } from '../mail/mail-job';
import { writeBackup, type Manifest } from './backup';
import { rewriteArchive } from './fixtures';
import { secretsKey } from '../features/integrations';
import { secretBox } from '../features/integrations';
import { RestoreError, restoreBackup, verifyArchive } from './restore';
import { emptyTarget, fileHashes, fingerprint, type EmptyTarget } from './fixtures';

/**
 * The drill: patterns with sizes, files, activity and queued jobs → a backup while requests run →
 * a wiped (new, empty) DATA_DIR or database → restore → every row and every file byte back, and a
 * portal started on it signs in. PGlite and PostgreSQL (the api-postgres project).
 */
describe(`backup and restore drill (${dbKind})`, () => {
  let t: TestApp;
  let dir: string;
  const targets: EmptyTarget[] = [];
  beforeAll(async () => {
    // Without the thumbnails worker: the create form's PDF thumbnails, drawn after the answer,
    // would change file_checks and the stored files between the fingerprints this drill compares.
    // Without the mail worker: a reset link stays queued when the backup is taken.
    t = await createTestApp(
      {},
      { workers: TEST_WORKERS.filter((w) => w !== 'thumbnails' && w !== 'mail') },
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-backup-'));
  });
  afterAll(async () => {
    for (const x of targets) await x.remove();
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const PASS = 'drill-backup-passphrase';
  const auth = () => ({ passphrase: PASS, secretsKey: secretsKey(t.deps.env) });

  const expectNothingWritten = async (target: EmptyTarget) => {
    const { rows } = await target.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect(
      fs.existsSync(path.join(target.dataDir, 'files')) &&
        fs.readdirSync(path.join(target.dataDir, 'files')),
    ).toEqual([]);
    expect(fs.existsSync(path.join(target.dataDir, 'secrets.key'))).toBe(false);
  };

  const submit = (user: Parameters<typeof postSubmission>[1], id: string) =>
    postSubmission(
      t,
      user,
      submissionForm(
        patternData(user!.brandId!, id, [
          ['A', 'S'],
          ['A', 'M'],
        ]),
        [...sizePdfParts(2), ...namedFileParts()],
      ),
    );

  it('brings back every row and file byte of a backup taken while requests run, and the portal signs in on it', async () => {
    const db = t.deps.database.db;
    const partner = await createUser(t, { email: 'drill-partner@example.com' });
    await createUser(t, { role: 'admin', brand: null });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await submit(partner, `DRILL-${i}`);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.ID as number);
    }
    await enqueueJob(db, {
      kind: MAIL_JOB,
      payload: { to: 'later@example.com', subject: 'Queued', text: 'Queued body' },
      runAt: new Date(Date.now() + 86_400_000),
    });
    // A reset link waiting in the queue (no mail worker here).
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'drill-partner@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    const before = await fingerprint(db);
    for (const table of [
      'public.patterns',
      'public.sizes',
      'public.pattern_files',
      'public.pattern_activity',
      'public.jobs',
    ])
      expect(Number(before[table]?.split(':')[0]), table).toBeGreaterThan(0);
    const filesBefore = await fileHashes(t.deps.files);
    // 3 patterns' PDFs and photos with the photos' thumbnails (the PDFs' are drawn later: no worker).
    expect(Object.keys(filesBefore).length).toBeGreaterThan(15);

    // Requests run while the backup is written: reads, and a pattern being added.
    let stop = false;
    let served = 0;
    const traffic = (async () => {
      while (!stop && served < 300) {
        const answers = await Promise.all([
          t.app.inject({ url: '/api/patterns', headers: partner.auth }),
          t.app.inject({ url: `/api/patterns/${ids[0]}`, headers: partner.auth }),
          t.app.inject({ url: '/api/health' }),
        ]);
        for (const a of answers) expect(a.statusCode).toBe(200);
        served += answers.length;
      }
    })();
    const adding = submit(partner, 'DRILL-LIVE');
    const archive = path.join(dir, 'drill.zip');
    const manifest = await writeBackup(t.deps, archive, auth()).finally(() => (stop = true));
    await traffic;
    expect((await adding).statusCode).toBe(201);
    expect(served).toBeGreaterThan(0);
    const after = await fingerprint(db);
    expect(manifest.counts.files).toBeGreaterThanOrEqual(Object.keys(filesBefore).length);
    expect(fs.statSync(archive).mode & 0o077).toBe(0);

    // Wiped: a new, empty target.
    const target = await emptyTarget();
    targets.push(target);
    const result = await restoreBackup(archive, target, { passphrase: PASS });
    expect(result.rows).toBe(
      manifest.counts.rows -
        manifest.tables.find((x) => x.name.includes('__drizzle_migrations'))!.rows,
    );
    const restored = await fingerprint(target.database.db);
    expect(Object.keys(restored).sort()).toEqual(Object.keys(before).sort());
    // One snapshot: the pattern added meanwhile is in it whole (pattern, sizes, files, checks) or not at all.
    const side = restored['public.patterns'] === before['public.patterns'] ? before : after;
    for (const table of [
      'public.patterns',
      'public.sizes',
      'public.pattern_files',
      'public.file_checks',
    ])
      expect(restored[table], table).toBe(side[table]);
    // Every table the requests did not change is back as it was, row for row. (Those they did —
    // sessions seen, search words and counts written after the new pattern's commit — are between.)
    const rowCount = (f: Record<string, string>, table: string) => Number(f[table]!.split(':')[0]);
    for (const table of Object.keys(before)) {
      if (table === 'public.jobs') continue; // below: its mails are copied without their texts
      if (before[table] === after[table]) expect(restored[table], table).toBe(before[table]);
      else {
        expect(rowCount(restored, table), table).toBeGreaterThanOrEqual(rowCount(before, table));
        expect(rowCount(restored, table), table).toBeLessThanOrEqual(rowCount(after, table));
      }
    }
    // No mail text in the archive or the restored rows (issue 49 item 2): the queued mail and
    // the reset link are there as failed rows without text; a restored portal sends neither.
    const mails = await target.database.db.execute<{ status: string; payload: string }>(
      sql`SELECT status, payload::text AS payload FROM jobs WHERE kind = ${MAIL_JOB} ORDER BY id`,
    );
    const queued = mails.rows.find((r) => r.payload.includes('later@example.com'))!;
    expect(queued.status).toBe('failed');
    const reset = mails.rows.find((r) => r.payload.includes('drill-partner@example.com'))!;
    expect(reset.status).toBe('failed');
    for (const r of mails.rows) expect(r.payload).not.toMatch(/"text"|Queued body|token=/);
    // The secrets key came back with it (issue 49 item 3): what the portal sealed opens there.
    const sealed = secretBox(t.deps.env).seal('whsec-drill-secret');
    const restoredEnv = parseEnv({ NODE_ENV: 'test', ...target.env });
    expect(secretBox(restoredEnv).open(sealed)).toBe('whsec-drill-secret');
    expect(fs.statSync(path.join(target.dataDir, 'secrets.key')).mode & 0o077).toBe(0);
    // Every file byte back.
    const restoredFiles = await fileHashes(target.files);
    for (const [key, sha] of Object.entries(filesBefore)) expect(restoredFiles[key], key).toBe(sha);
    for (const f of manifest.files) expect(restoredFiles[f.key], f.key).toBe(f.sha256);
    await target.database.close();

    // The portal starts on it (applying any newer migrations) and signs in.
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '14',
      ...target.env,
    });
    const deps = await createDeps(env, createLogger('silent'));
    const app = await buildApp(deps);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'drill-partner@example.com', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json().token}` };
      const detail = await app.inject({ url: `/api/patterns/${ids[1]}`, headers: auth });
      expect(detail.statusCode).toBe(200);
      const pattern = detail.json().data;
      expect(pattern.SFCC_Pattern_ID).toBe('DRILL-1');
      expect(pattern.sizesCount).toBe(2);
      const file = (pattern.files as { id: number; url: string }[])[0]!;
      const download = await app.inject({ url: file.url, headers: auth });
      expect(download.statusCode).toBe(200);
      const original = await t.app.inject({ url: file.url, headers: partner.auth });
      expect(crypto.createHash('sha256').update(download.rawPayload).digest('hex')).toBe(
        crypto.createHash('sha256').update(original.rawPayload).digest('hex'),
      );
      // A new row after the restore does not collide with a restored one (sequences restored).
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'drill-partner@example.com', password: TEST_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await app.close();
      await deps.closeAll();
    }
  }, 360_000);

  it('refuses a non-empty target unless forced, and an archive whose checksums do not match', async () => {
    const archive = path.join(dir, 'refusals.zip');
    const manifest = await writeBackup(t.deps, archive, auth());
    const target = await emptyTarget();
    targets.push(target);
    await restoreBackup(archive, target, { passphrase: PASS });
    const first = await fingerprint(target.database.db);
    await expect(restoreBackup(archive, target, { passphrase: PASS })).rejects.toThrow(
      /The target is not empty.*--force/,
    );
    const forced = await restoreBackup(archive, target, { passphrase: PASS, force: true });
    expect(forced.files).toBe(manifest.counts.files);
    expect(await fingerprint(target.database.db)).toEqual(first);

    // One byte changed inside a stored file: refused before anything is written.
    const bytes = fs.readFileSync(archive);
    const f = manifest.files.find((x) => x.bytes > 1000)!;
    const content = await t.deps.files.get(f.key);
    const chunks: Buffer[] = [];
    for await (const c of content) chunks.push(c as Buffer);
    const at = bytes.indexOf(Buffer.concat(chunks).subarray(200, 264));
    expect(at).toBeGreaterThan(0);
    bytes[at + 10]! ^= 0xff;
    const tampered = path.join(dir, 'tampered.zip');
    fs.writeFileSync(tampered, bytes);
    await expect(verifyArchive(tampered, PASS)).rejects.toThrow(RestoreError);
    const fresh = await emptyTarget();
    targets.push(fresh);
    await expect(restoreBackup(tampered, fresh, { passphrase: PASS })).rejects.toThrow(
      /Checksum mismatch|damaged/,
    );
    await expectNothingWritten(fresh);

    // Issue 49 item 4. A user row made admin, the manifest's checksum recomputed (by someone
    // without the passphrase): the HMAC refuses it, nothing written.
    const promoted = path.join(dir, 'promoted.zip');
    await rewriteArchive(archive, promoted, (name, buf) =>
      name === 'db/public.users.jsonl'
        ? Buffer.from(buf.toString('utf8').replace(/"role":"user"/g, '"role":"admin"'))
        : buf,
    );
    await expect(restoreBackup(promoted, fresh, { passphrase: PASS })).rejects.toThrow(
      /not authenticated by this BACKUP_PASSPHRASE/,
    );
    // The right archive with a wrong passphrase: the same refusal.
    await expect(
      restoreBackup(archive, fresh, { passphrase: 'not-the-passphrase' }),
    ).rejects.toThrow(/not authenticated by this BACKUP_PASSPHRASE/);
    // An archive without auth.json (an older portal's, or one stripped of it): refused.
    const bare = path.join(dir, 'bare.zip');
    await rewriteArchive(archive, bare, (name, buf) => (name === 'auth.json' ? undefined : buf));
    await expect(restoreBackup(bare, fresh, { passphrase: PASS })).rejects.toThrow(
      /has no auth.json/,
    );
    // Even authenticated (made with the passphrase), a file key leaving the store, or a table
    // name that is not one, is refused before the database is touched.
    for (const [label, edit] of [
      [
        '../ key',
        (m: Manifest) => (
          (m.files[0]!.key = '../../escaped'),
          (m.files[0]!.entry = 'files/../../escaped')
        ),
      ],
      [
        'absolute key',
        (m: Manifest) => (
          (m.files[0]!.key = '/etc/escaped'),
          (m.files[0]!.entry = 'files//etc/escaped')
        ),
      ],
      [
        'table name',
        (m: Manifest) => (
          (m.tables[0]!.name = 'public.x; drop table users'),
          (m.tables[0]!.entry = `db/${m.tables[0]!.name}.jsonl`)
        ),
      ],
    ] as const) {
      const evil = path.join(dir, `evil-${label.replace(/\W/g, '')}.zip`);
      await rewriteArchive(archive, evil, (_n, b) => b, { manifest: edit, passphrase: PASS });
      await expect(restoreBackup(evil, fresh, { passphrase: PASS }), label).rejects.toThrow(
        /The manifest names/,
      );
    }
    await expectNothingWritten(fresh);
    expect(fs.existsSync(path.join(dir, 'escaped'))).toBe(false);
    // A manifest over the bound is refused unread (the real bound is MAX_MANIFEST_BYTES).
    await expect(verifyArchive(archive, PASS, { maxManifestBytes: 1000 })).rejects.toThrow(
      /manifest.json is larger than 1000 bytes/,
    );
    // A target whose SECRETS_KEY is not the archive's: its secrets would be unreadable, refused.
    await expect(
      restoreBackup(
        archive,
        {
          ...fresh,
          secrets: {
            dataDir: fresh.dataDir,
            SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
          },
        },
        { passphrase: PASS },
      ),
    ).rejects.toThrow(/SECRETS_KEY is not the key/);
    await expectNothingWritten(fresh);
    await fresh.database.close();
    await target.database.close();
  }, 360_000);
});
