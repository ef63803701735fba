import { describe, expect, it } from 'vitest';
import { csvText, sniffDelimiter } from './csv-text';

const text = async (chunks: Buffer[]) => {
  let out = '';
  for await (const s of csvText(
    (async function* () {
      yield* chunks;
    })(),
  ))
    out += s;
  return out;
};

describe('a CSV as spreadsheets save it (issue 34)', () => {
  it('reads UTF-8, its byte order mark dropped, a character cut between two chunks kept whole', async () => {
    const bytes = Buffer.from('\uFEFFID;Nom\nM1;Été\n');
    const at = bytes.indexOf(0xc3) + 1; // inside É
    expect(await text([bytes.subarray(0, at), bytes.subarray(at)])).toBe('ID;Nom\nM1;Été\n');
    const plain = Buffer.from('ID,Name\nM1,Größe\n');
    const cut = plain.indexOf(0xc3) + 1;
    expect(await text([plain.subarray(0, cut), plain.subarray(cut)])).toBe('ID,Name\nM1,Größe\n');
  });

  it('switches to Windows-1252 at the first byte that is not UTF-8, however far into the file', async () => {
    const ascii = Buffer.from('ID;Name\n' + 'M0;Plain\n'.repeat(20_000));
    const euro = Buffer.from([0x4d, 0x31, 0x3b, 0x80, 0x20, 0xe9, 0x74, 0xe9, 0x0a]); // M1;€ été
    expect((await text([ascii, euro])).slice(-9)).toBe('M1;€ été\n');
  });

  it('finds the delimiter in the header row, quoted text aside', () => {
    expect(sniffDelimiter('Pattern ID;Pattern Name;Size\r\nM1;"a,b,c,d";S')).toBe(';');
    expect(sniffDelimiter('Pattern ID,Pattern Name\nM1;x;y;z')).toBe(',');
    expect(sniffDelimiter('Pattern ID\tPattern Name\n')).toBe('\t');
    expect(sniffDelimiter('"Pattern ID;x","Pattern Name"\n')).toBe(',');
    expect(sniffDelimiter('Pattern ID\n')).toBe(',');
  });
});
