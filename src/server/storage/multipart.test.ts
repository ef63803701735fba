import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { MultipartSpec } from '../../shared/contracts/uploads';
import { AppError } from '../lib/app-error';
import { readParts } from './multipart';

/** The reader alone (no database): what each part becomes under a spec. */
const SPEC: MultipartSpec<'data', 'one' | 'many' | 'pdf'> = {
  notMultipart: 'Send a form',
  fields: ['data'],
  files: [
    { name: 'one', accepts: 'pdf', max: 1, tooMany: 'Only one', required: 'Choose one' },
    { name: 'many', accepts: 'image', max: 2 },
    { name: 'pdf', match: /^pdf(\d{1,2})$/, accepts: 'pdf', max: 1 },
  ],
  unknownFiles: 'refuse',
  limits: { files: 4 },
};

function form(parts: [string, string, string?][]) {
  const b = 'XyZ';
  const body = parts
    .map(
      ([name, value, filename]) =>
        `--${b}\r\nContent-Disposition: form-data; name="${name}"${
          filename === undefined ? '' : `; filename="${filename}"`
        }\r\n${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${b}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

describe('readParts (the one upload reader)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(multipart);
    app.setErrorHandler((err, _req, reply) => {
      const e = err as AppError;
      void reply
        .status(e.statusCode ?? 500)
        .send({ message: e.message, fields: e instanceof AppError ? e.fields : undefined });
    });
    app.post('/', async (request) => {
      const seen: unknown[] = [];
      for await (const p of readParts(request, SPEC)) {
        if (p.type === 'field') seen.push(['field', p.name, p.value]);
        else if (p.type === 'fieldFile') {
          p.file.file.resume();
          seen.push(['fieldFile', p.name]);
        } else if (p.type === 'refused') seen.push(['refused', p.fieldname, p.error.fields]);
        else {
          p.file.file.resume();
          seen.push(['file', p.name, p.fieldname, p.index ?? null, p.accepts, p.over]);
        }
      }
      return seen;
    });
  });
  afterAll(() => app.close());

  const post = (parts: [string, string, string?][]) =>
    app.inject({ method: 'POST', url: '/', ...form(parts) });

  it('hands each part over under its declared name; skips unknown text parts and empty file inputs', async () => {
    const res = await post([
      ['data', '{"a":1}'],
      ['colour', 'red'],
      ['one', '%PDF-1.4', 'a.pdf'],
      ['many', 'x', 'a.png'],
      ['pdf7', '%PDF-1.4', 'b.pdf'],
      ['many', '', ''],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      ['field', 'data', '{"a":1}'],
      ['file', 'one', 'one', null, 'pdf', false],
      ['file', 'many', 'many', null, 'image', false],
      ['file', 'pdf', 'pdf7', 7, 'pdf', false],
    ]);
  });

  it('refuses an unknown file part and a second single part at their fields; marks a part over max without a message', async () => {
    const res = await post([
      ['one', '%PDF-1.4', 'a.pdf'],
      ['other', 'x', 'x.bin'],
      ['one', '%PDF-1.4', 'b.pdf'],
      ['many', 'x', '1.png'],
      ['many', 'x', '2.png'],
      ['many', 'x', '3.png'],
    ]);
    // limits.files is 4: the parser's limit answers before the sixth file.
    expect(res.statusCode).toBe(413);
    const ok = await post([
      ['one', '%PDF-1.4', 'a.pdf'],
      ['other', 'x', 'x.bin'],
      ['one', '%PDF-1.4', 'b.pdf'],
      ['data', '{}', 'data.json'],
    ]);
    expect(ok.json()).toEqual([
      ['file', 'one', 'one', null, 'pdf', false],
      ['refused', 'other', { other: 'Unknown file field other' }],
      ['refused', 'one', { one: 'Only one' }],
      ['fieldFile', 'data'],
    ]);
  });

  it('answers 400 at the field when a required file is missing, 400 for a broken or missing boundary', async () => {
    const missing = await post([['many', 'x', 'a.png']]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ one: 'Choose one' });
    const broken = await app.inject({
      method: 'POST',
      url: '/',
      payload: '--other\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--other--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=expected' },
    });
    expect(broken.statusCode).toBe(400);
    const notMultipart = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('Send a form');
  });

  it('marks a third part of a name with max 2 and no message as over', async () => {
    const res = await post([
      ['many', 'x', '1.png'],
      ['many', 'x', '2.png'],
      ['many', 'x', '3.png'],
      ['one', '%PDF-1.4', 'a.pdf'],
    ]);
    expect(res.json().map((p: unknown[]) => p[5])).toEqual([false, false, true, false]);
  });
});
