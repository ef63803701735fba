import fs from 'node:fs';
import path from 'node:path';

/** Helpers for the accounts API tests (not a test file itself). */

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The multipart body of signup and account update: `data` JSON plus an optional picture. */
export function profileForm(
  data: unknown,
  pic?: { bytes: Buffer; name: string; type?: string },
): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (pic)
    form.append(
      'profile_pic',
      new Blob([new Uint8Array(pic.bytes)], { type: pic.type ?? 'image/png' }),
      pic.name,
    );
  return form;
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses the .eml files the outbox mailer writes (single-part text, as this app sends). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      // In the order written (a queued mail's file is named by its Message-ID, not by time).
      .map((f) => ({ f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => a.at - b.at || a.f.localeCompare(b.f))
      .map(({ f }) => {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        const split = raw.search(/\r?\n\r?\n/);
        const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
        const body = raw.slice(split).trim();
        const header = (name: string) =>
          new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        const encoding = header('Content-Transfer-Encoding').toLowerCase();
        const text =
          encoding === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : encoding === 'base64'
              ? Buffer.from(body, 'base64').toString('utf8')
              : body;
        return { file: f, to: header('To'), subject: header('Subject'), text };
      })
  );
}

/** Waits for a mail to `to` matching `subject` (every mail is sent by the mail worker, after the answer). */
export async function waitForMail(
  dataDir: string,
  to: string,
  subject: RegExp,
  after = 0,
): Promise<OutboxMail> {
  for (let i = 0; i < 400; i++) {
    const found = readOutbox(dataDir)
      .slice(after)
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
    const last = found.at(-1);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}
