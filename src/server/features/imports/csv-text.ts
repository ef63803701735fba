import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';

/**
 * A CSV's text as spreadsheets save it (issue 34): Excel and LibreOffice write UTF-8 (often with a
 * byte order mark) or, in "CSV" of a Western European locale, Windows-1252; they separate cells
 * with a semicolon where the comma is the decimal mark.
 *
 * The encoding is UTF-8 until a byte sequence proves otherwise: while everything so far was ASCII
 * (the same text in both), the first invalid sequence switches to Windows-1252 for the whole file;
 * once real UTF-8 was seen, an invalid byte is only a replacement character.
 */
export async function* csvText(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  let decoder: TextDecoder | undefined; // set once the encoding is known
  let first = true;
  for await (const chunk of source) {
    if (decoder) {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    let buf: Buffer = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    if (first) {
      if (buf.length < 3) {
        carry = buf;
        continue;
      }
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        decoder = new TextDecoder('utf-8'); // drops the byte order mark
        yield decoder.decode(buf, { stream: true });
        continue;
      }
    }
    if (!buf.some((b) => b >= 0x80)) {
      carry = Buffer.alloc(0);
      yield buf.toString('latin1');
      continue;
    }
    // The first non-ASCII bytes decide; a sequence cut at the chunk's end waits for the next chunk.
    const cut = completeUpTo(buf);
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, cut));
      decoder = new TextDecoder('utf-8');
      yield text + decoder.decode(buf.subarray(cut), { stream: true });
    } catch {
      decoder = new TextDecoder('windows-1252');
      yield decoder.decode(buf, { stream: true });
    }
    buf = Buffer.alloc(0);
    carry = buf;
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield rest;
  } else if (carry.length) yield new TextDecoder('windows-1252').decode(carry); // a tiny file
}

/** Where a UTF-8 sequence begun in the last three bytes would not be complete (the buffer's length if none is). */
function completeUpTo(buf: Buffer): number {
  for (let back = 1; back <= Math.min(3, buf.length); back++) {
    const b = buf[buf.length - back]!; // back <= buf.length
    if (b < 0x80) return buf.length; // ASCII: nothing cut
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return need > back ? buf.length - back : buf.length;
    }
  }
  return buf.length;
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The cell separator of a sheet, read from its header row (the first line; quoted text skipped):
 * the candidate found most often there, a comma when none is.
 */
export function sniffDelimiter(head: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: string = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** The text, with the delimiter read from its first line (read ahead until the first line is whole). */
export async function csvSource(
  source: Readable,
): Promise<{ delimiter: string; text: AsyncGenerator<string> }> {
  const text = csvText(source);
  let head = '';
  for (;;) {
    if (/[\r\n]/.test(head.replace(/"[^"]*"/g, ''))) break;
    const next = await text.next();
    if (next.done) break;
    head += next.value;
  }
  async function* all() {
    if (head) yield head;
    yield* text;
  }
  return { delimiter: sniffDelimiter(head), text: all() };
}
