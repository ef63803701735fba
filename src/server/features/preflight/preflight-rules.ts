import type { FileKind } from '../../../shared/contracts/files';
import {
  PREFLIGHT_MSG,
  type FileCheck,
  type PdfCheck,
  type PreflightRuleId,
  type PreflightWarning,
} from '../../../shared/contracts/preflight';

/**
 * The publisher's preflight rules, in one place (docs/preflight.md explains each for the
 * publisher's staff; a test per rule in preflight-rules.test.ts). Each reads what the upload
 * check stored about one file, with what it needs to know of its pattern, and answers a warning
 * or nothing. Warnings never block: the reviewer sees them on the file and in the status panel.
 */

export interface RuleFile {
  id: number;
  kind: FileKind;
  fileName: string;
  check: FileCheck | null;
}

export interface RuleContext {
  /** The pattern's Is_Printable is 'Yes'. */
  printable: boolean;
  /** How many sizes the pattern has. */
  sizesCount: number;
}

export interface PreflightRule {
  id: PreflightRuleId;
  /** What the rule checks, as docs/preflight.md states it. */
  title: string;
  warn(file: RuleFile, ctx: RuleContext): string | undefined;
}

const HOME_SIZES = 'US Letter or A4';
const HERO_KINDS: readonly FileKind[] = ['Main_Hero_Image', 'Hero_Images'];
export const HERO_MIN_PX = 1000;

const pdfOf = (f: RuleFile): PdfCheck | undefined =>
  f.check?.type === 'pdf' ? f.check : undefined;
const sizeNames = (c: PdfCheck) =>
  c.pageSizes.map((g) => (c.pageSizes.length > 1 ? `${g.name} (${g.pages})` : g.name)).join(', ');

export const PREFLIGHT_RULES: readonly PreflightRule[] = [
  {
    id: 'printable-without-home-pages',
    title: `A pattern marked Printable = Yes whose size PDF has no ${HOME_SIZES} pages`,
    warn(f, ctx) {
      const c = pdfOf(f);
      if (!ctx.printable || f.kind !== 'pattern_pdf_file' || !c || !c.pageSizes.length) return;
      if (c.pageSizes.some((g) => g.home)) return;
      return `The pattern is marked Printable, but this size PDF has no ${HOME_SIZES} pages (its pages: ${sizeNames(c)})`;
    },
  },
  {
    id: 'home-pages-mixed',
    title: 'A print-at-home size PDF whose pages are not all one size',
    warn(f) {
      const c = pdfOf(f);
      if (
        f.kind !== 'pattern_pdf_file' ||
        !c ||
        c.pageSizes.length < 2 ||
        !c.pageSizes.some((g) => g.home)
      )
        return;
      return `Its pages are not all one size: ${sizeNames(c)}`;
    },
  },
  {
    id: 'print-restricted',
    title: 'A PDF whose security settings forbid printing',
    warn(f) {
      if (pdfOf(f)?.printRestricted)
        return 'Printing is restricted in this PDF: customers will not be able to print it';
    },
  },
  {
    id: 'single-page-size-pdf',
    title: 'A size PDF of one page for a pattern with more than one size',
    warn(f, ctx) {
      const c = pdfOf(f);
      if (f.kind !== 'pattern_pdf_file' || !c || c.pageCount !== 1 || ctx.sizesCount < 2) return;
      return 'This size PDF has only one page although the pattern has several sizes: is it the right file?';
    },
  },
  {
    id: 'hero-too-small',
    title: `A hero photo under ${HERO_MIN_PX} px on its short side`,
    warn(f) {
      if (!HERO_KINDS.includes(f.kind) || f.check?.type !== 'image') return;
      const { width, height } = f.check;
      if (Math.min(width, height) < HERO_MIN_PX)
        return `${PREFLIGHT_MSG.heroTooSmall} (this photo is ${width}×${height} px)`;
    },
  },
  {
    id: 'check-incomplete',
    title: 'A PDF that could not be fully checked within the time and memory one file is given',
    warn(f) {
      const c = pdfOf(f);
      if (!c?.incomplete) return;
      if (c.pageCount && c.pagesRead)
        return `Only ${c.pagesRead} of its ${c.pageCount} pages could be checked in the time one file is given`;
      return `It could not be checked: it needs more ${c.incomplete === 'time' ? 'time' : 'memory'} than one file is given`;
    },
  },
];

/** Every warning of these files, in rule order per file. */
export function preflightWarnings(files: RuleFile[], ctx: RuleContext): PreflightWarning[] {
  const out: PreflightWarning[] = [];
  for (const f of files) {
    for (const rule of PREFLIGHT_RULES) {
      const message = rule.warn(f, ctx);
      if (message) out.push({ rule: rule.id, fileId: f.id, fileName: f.fileName, message });
    }
  }
  return out;
}
