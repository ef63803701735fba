import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileKind } from '../../../shared/contracts/files';
import type { FileCheck, ImageCheck, PdfCheck } from '../../../shared/contracts/preflight';
import { groupPageSizes } from './pdf-facts';
import {
  panelWarnings,
  PREFLIGHT_RULES,
  preflightWarnings,
  type PatternFacts,
  type RuleFile,
} from './preflight-rules';

const pt = { letter: '612x792', a4: '595x842', a0: '2384x3370', odd: '700x900' };
const pdf = (sizes: [string, number][], extra: Partial<PdfCheck> = {}): PdfCheck => {
  const pageCount = sizes.reduce((n, [, p]) => n + p, 0);
  return {
    type: 'pdf',
    pageCount,
    pagesRead: pageCount,
    pageSizes: groupPageSizes(sizes),
    layers: 0,
    fontsEmbedded: true,
    printRestricted: false,
    incomplete: null,
    ...extra,
  };
};
const photo = (width: number, height: number): ImageCheck => ({
  type: 'image',
  width,
  height,
  rotated: false,
  metadataRemoved: false,
  convertedFromCmyk: false,
  thumbnails: true,
});
const file = (kind: FileKind, check: FileCheck) => ({ id: 7, kind, fileName: 'f', check });
const ctx = (c: Partial<PatternFacts> = {}): PatternFacts => ({ printable: false, ...c });
const rulesHit = (kind: FileKind, check: FileCheck, c?: Partial<PatternFacts>) =>
  preflightWarnings([file(kind, check)], ctx(c)).map((w) => w.rule);

describe('preflight rules', () => {
  it('names page sizes, in either orientation, and the rest as mm and inches', () => {
    expect(
      groupPageSizes([
        [pt.a4, 3],
        ['792x1224', 1],
        ['2592x3456', 1],
        [pt.odd, 2],
      ]).map((g) => [g.name, g.pages, g.home]),
    ).toEqual([
      ['A4', 3, true],
      ['247×317 mm (9.7×12.5 in)', 2, false],
      ['Tabloid', 1, false],
      ['US copy shop 36×48 in', 1, false],
    ]);
  });

  it('printable-without-home-pages: a Printable pattern whose size PDF has no Letter or A4 page', () => {
    expect(rulesHit('pattern_pdf_file', pdf([[pt.a0, 3]]), { printable: true })).toEqual([
      'printable-without-home-pages',
    ]);
    expect(
      preflightWarnings([file('pattern_pdf_file', pdf([[pt.a0, 3]]))], ctx({ printable: true }))[0]!
        .message,
    ).toBe(
      'The pattern is marked Printable, but this size PDF has no US Letter or A4 pages (its pages: A0)',
    );
    expect(rulesHit('pattern_pdf_file', pdf([[pt.a0, 3]]), { printable: false })).toEqual([]);
    expect(
      rulesHit(
        'pattern_pdf_file',
        pdf([
          [pt.letter, 30],
          [pt.a0, 1],
        ]),
        { printable: true },
      ),
    ).not.toContain('printable-without-home-pages');
    expect(rulesHit('Instruction_PDF', pdf([[pt.a0, 1]]), { printable: true })).toEqual([]);
  });

  it('home-pages-mixed: a print-at-home size PDF whose pages are not all one size', () => {
    expect(
      rulesHit(
        'pattern_pdf_file',
        pdf([
          [pt.a4, 20],
          [pt.a0, 2],
        ]),
      ),
    ).toEqual(['home-pages-mixed']);
    expect(
      preflightWarnings(
        [
          file(
            'pattern_pdf_file',
            pdf([
              [pt.a4, 20],
              [pt.letter, 2],
            ]),
          ),
        ],
        ctx(),
      )[0]?.message,
    ).toBe('Its pages are not all one size: A4 (20), US Letter (2)');
    expect(rulesHit('pattern_pdf_file', pdf([[pt.a4, 20]]))).toEqual([]);
    expect(
      rulesHit(
        'pattern_pdf_file',
        pdf([
          [pt.a0, 2],
          [pt.odd, 1],
        ]),
      ),
    ).toEqual([]);
  });

  it('print-restricted: any PDF whose permissions forbid printing', () => {
    expect(rulesHit('Instruction_PDF', pdf([[pt.a4, 2]], { printRestricted: true }))).toEqual([
      'print-restricted',
    ]);
    expect(rulesHit('Instruction_PDF', pdf([[pt.a4, 2]]))).toEqual([]);
  });

  // Size PDFs as the pattern's sizes 10, 12, 14 … name them: `keys[i]` is size i's stored PDF.
  const sizePdfs = (check: PdfCheck, keys: string[]): RuleFile[] =>
    keys.map((key, i) => ({
      id: 100 + i,
      kind: 'pattern_pdf_file',
      fileName: `size${10 + 2 * i}.pdf`,
      check,
      storageKey: key,
      size: { ID: 50 + i, Size: String(10 + 2 * i), pattern_view: 'A' },
    }));
  const hits = (files: RuleFile[]) =>
    preflightWarnings(files, ctx()).map((w) => `${w.fileName} ${w.rule}`);

  it('each size with its own one-page PDF is what the form asks for: no warning', () => {
    expect(hits(sizePdfs(pdf([[pt.a4, 1]]), ['k1', 'k2', 'k3']))).toEqual([]);
    expect(hits(sizePdfs(pdf([[pt.a4, 2]]), ['k1', 'k2', 'k3']))).toEqual([]);
  });

  it('shared-one-page-pdf: the same one-page PDF named by several sizes', () => {
    const files = sizePdfs(pdf([[pt.a4, 1]]), ['k', 'k', 'k', 'other']);
    const warnings = preflightWarnings(files, ctx());
    expect(warnings.map((w) => `${w.fileName} ${w.rule}`)).toEqual([
      'size10.pdf shared-one-page-pdf',
      'size12.pdf shared-one-page-pdf',
      'size14.pdf shared-one-page-pdf',
    ]);
    expect(warnings[0]?.message).toBe(
      'The 3 sizes 10, 12 and 14 all have this same one-page PDF: is it the right file for each of them?',
    );
    // The status panel lists it once; each size's file keeps its own.
    expect(panelWarnings(warnings)).toEqual([warnings[0]]);
    // A layered PDF carries every size on its page.
    expect(hits(sizePdfs(pdf([[pt.a0, 1]], { layers: 3 }), ['k', 'k', 'k']))).toEqual([]);
  });

  it('shared-pdf-pages-mismatch: a PDF of several pages whose pages do not divide among its sizes', () => {
    const two = preflightWarnings(sizePdfs(pdf([[pt.a4, 2]]), ['k', 'k', 'k']), ctx());
    expect(two.map((w) => w.rule)).toEqual(Array(3).fill('shared-pdf-pages-mismatch'));
    expect(two[0]?.message).toBe(
      'The 3 sizes 10, 12 and 14 all have this same 2-page PDF, and 2 pages do not divide evenly among 3 sizes: is it the right file for each of them?',
    );
    // A page (or the same number of pages) per size, or layers: no warning.
    expect(hits(sizePdfs(pdf([[pt.a4, 3]]), ['k', 'k', 'k']))).toEqual([]);
    expect(hits(sizePdfs(pdf([[pt.a4, 6]]), ['k', 'k', 'k']))).toEqual([]);
    expect(hits(sizePdfs(pdf([[pt.a4, 7]], { layers: 3 }), ['k', 'k', 'k']))).toEqual([]);
  });

  it('names many sizes briefly, and a size name of two views with its view', () => {
    const keys = Array(9).fill('k');
    const [w] = preflightWarnings(sizePdfs(pdf([[pt.a4, 1]]), keys), ctx());
    if (!w) throw new Error('expected w');
    expect(w.message).toMatch(/^The 9 sizes 10, 12, 14, 16, 18 and 4 more all have/);
    const views = sizePdfs(pdf([[pt.a4, 1]]), ['k', 'k']).map((f, i) => ({
      ...f,
      size: { ID: i, Size: 'M', pattern_view: i ? 'B' : 'A' },
    }));
    expect(preflightWarnings(views, ctx())[0]?.message).toMatch(
      /^The 2 sizes M \(view A\) and M \(view B\) all have/,
    );
  });

  it('hero-too-small: a hero photo under 1000 px on its short side', () => {
    expect(rulesHit('Main_Hero_Image', photo(1600, 999))).toEqual(['hero-too-small']);
    expect(preflightWarnings([file('Hero_Images', photo(800, 600))], ctx())[0]?.message).toBe(
      'The storefront needs at least 1000 px (this photo is 800×600 px)',
    );
    expect(rulesHit('Main_Hero_Image', photo(1000, 1000))).toEqual([]);
    expect(rulesHit('Sketch_Image', photo(200, 200))).toEqual([]);
  });

  it('check-incomplete: a PDF the budget cut short', () => {
    const partly = pdf([[pt.letter, 300]], {
      pageCount: 10_000,
      pagesRead: 300,
      incomplete: 'time',
    });
    expect(preflightWarnings([file('Instruction_PDF', partly)], ctx())[0]?.message).toBe(
      'Only 300 of its 10000 pages could be checked in the time one file is given',
    );
    const none = pdf([], { pageCount: 0, pagesRead: 0, incomplete: 'memory' });
    expect(preflightWarnings([file('Instruction_PDF', none)], ctx())[0]?.message).toBe(
      'It could not be checked: it needs more memory than one file is given',
    );
  });

  it('a file stored before the preflight existed has no warnings', () => {
    expect(
      preflightWarnings(
        [{ id: 1, kind: 'pattern_pdf_file', fileName: 'old.pdf', check: null }],
        ctx({ printable: true }),
      ),
    ).toEqual([]);
  });

  it('docs/preflight.md explains every rule', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../../docs/preflight.md'), 'utf8');
    for (const rule of PREFLIGHT_RULES) expect(doc, rule.id).toContain(`\`${rule.id}\``);
  });
});
