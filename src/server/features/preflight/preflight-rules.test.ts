import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileKind } from '../../../shared/contracts/files';
import type { FileCheck, ImageCheck, PdfCheck } from '../../../shared/contracts/preflight';
import { groupPageSizes } from './pdf-facts';
import { PREFLIGHT_RULES, preflightWarnings, type RuleContext } from './preflight-rules';

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
const ctx = (c: Partial<RuleContext> = {}): RuleContext => ({
  printable: false,
  sizesCount: 1,
  ...c,
});
const rulesHit = (kind: FileKind, check: FileCheck, c?: Partial<RuleContext>) =>
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
      preflightWarnings([file('pattern_pdf_file', pdf([[pt.a0, 3]]))], ctx({ printable: true }))[0]
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
      )[0].message,
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

  it('single-page-size-pdf: one page for a pattern with several sizes', () => {
    expect(rulesHit('pattern_pdf_file', pdf([[pt.a4, 1]]), { sizesCount: 3 })).toEqual([
      'single-page-size-pdf',
    ]);
    expect(rulesHit('pattern_pdf_file', pdf([[pt.a4, 1]]), { sizesCount: 1 })).toEqual([]);
    expect(rulesHit('pattern_pdf_file', pdf([[pt.a4, 2]]), { sizesCount: 3 })).toEqual([]);
  });

  it('hero-too-small: a hero photo under 1000 px on its short side', () => {
    expect(rulesHit('Main_Hero_Image', photo(1600, 999))).toEqual(['hero-too-small']);
    expect(preflightWarnings([file('Hero_Images', photo(800, 600))], ctx())[0].message).toBe(
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
    expect(preflightWarnings([file('Instruction_PDF', partly)], ctx())[0].message).toBe(
      'Only 300 of its 10000 pages could be checked in the time one file is given',
    );
    const none = pdf([], { pageCount: 0, pagesRead: 0, incomplete: 'memory' });
    expect(preflightWarnings([file('Instruction_PDF', none)], ctx())[0].message).toBe(
      'It could not be checked: it needs more memory than one file is given',
    );
  });

  it('a file stored before the preflight existed has no warnings', () => {
    expect(
      preflightWarnings(
        [{ id: 1, kind: 'pattern_pdf_file', fileName: 'old.pdf', check: null }],
        ctx({ printable: true, sizesCount: 4 }),
      ),
    ).toEqual([]);
  });

  it('docs/preflight.md explains every rule', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../../docs/preflight.md'), 'utf8');
    for (const rule of PREFLIGHT_RULES) expect(doc, rule.id).toContain(`\`${rule.id}\``);
  });
});
