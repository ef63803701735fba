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
  /** Where its bytes are stored: content-addressed, so one key is one content. */
  storageKey?: string;
  /** The size whose PDF it is (a `pattern_pdf_file` row of a size). */
  size?: { ID: number; Size: string; pattern_view: string } | null;
}

/** What the rules need to know of the pattern. */
export interface PatternFacts {
  /** The pattern's Is_Printable is 'Yes'. */
  printable: boolean;
}

export interface RuleContext extends PatternFacts {
  /**
   * The sizes whose PDF is this very stored PDF (same content, or the same file named again), its
   * own size included, as the messages name them; empty for a file that is no size's PDF.
   */
  namedBy: string[];
}

export interface PreflightRule {
  id: PreflightRuleId;
  /** What the rule checks, as docs/preflight.md states it. */
  title: string;
  /** The warning is about one stored PDF shared by several sizes: the status panel lists it once. */
  shared?: true;
  warn(file: RuleFile, ctx: RuleContext): string | undefined;
}

const HOME_SIZES = 'US Letter or A4';
const HERO_KINDS: readonly FileKind[] = ['Main_Hero_Image', 'Hero_Images'];
export const HERO_MIN_PX = 1000;

const pdfOf = (f: RuleFile): PdfCheck | undefined =>
  f.check?.type === 'pdf' ? f.check : undefined;
const sizeNames = (c: PdfCheck) =>
  c.pageSizes.map((g) => (c.pageSizes.length > 1 ? `${g.name} (${g.pages})` : g.name)).join(', ');

/**
 * A size PDF without layers that several sizes name (docs/preflight.md, "One PDF for several
 * sizes"). Each size with its own PDF is what the form asks for, and a layered PDF carries every
 * size on each page: neither is suspicious.
 */
function sharedPdf(f: RuleFile, ctx: RuleContext): PdfCheck | undefined {
  const c = pdfOf(f);
  if (f.kind !== 'pattern_pdf_file' || !c || c.layers > 0 || ctx.namedBy.length < 2) return;
  return c;
}

const SIZES_LISTED = 6;
/** "The 3 sizes 10, 12 and 14", or "The 30 sizes 2, 4, 6, 8, 10 and 25 more". */
function sizesPhrase(names: string[]): string {
  const shown = names.length > SIZES_LISTED ? names.slice(0, SIZES_LISTED - 1) : names.slice(0, -1);
  const last =
    names.length > SIZES_LISTED ? `${names.length - shown.length} more` : names[names.length - 1];
  return `The ${names.length} sizes ${shown.join(', ')} and ${last}`;
}

/** Which sizes name each stored PDF (a size named twice counts once). */
function sizesByStoredPdf(files: RuleFile[]): Map<string, string[]> {
  const groups = new Map<string, RuleFile[]>();
  for (const f of files) {
    if (f.kind !== 'pattern_pdf_file' || !f.size || !f.storageKey) continue;
    groups.set(f.storageKey, [...(groups.get(f.storageKey) ?? []), f]);
  }
  const out = new Map<string, string[]>();
  for (const [key, group] of groups) {
    // In the sizes table's order.
    const sizes = group.map((f) => f.size!).sort((a, b) => a.ID - b.ID);
    // A size name repeated in another view is told apart by its view.
    const label = (s: (typeof sizes)[number]) =>
      sizes.filter((o) => o.Size === s.Size).length > 1
        ? `${s.Size} (view ${s.pattern_view})`
        : s.Size;
    out.set(key, [...new Set(sizes.map(label))]);
  }
  return out;
}

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
    id: 'shared-one-page-pdf',
    title: 'The same one-page PDF as the PDF of several sizes',
    shared: true,
    warn(f, ctx) {
      const c = sharedPdf(f, ctx);
      if (c?.pageCount !== 1) return;
      return `${sizesPhrase(ctx.namedBy)} all have this same one-page PDF: is it the right file for each of them?`;
    },
  },
  {
    id: 'shared-pdf-pages-mismatch',
    title: 'The same PDF as the PDF of several sizes, its pages not a whole number per size',
    shared: true,
    warn(f, ctx) {
      const c = sharedPdf(f, ctx);
      const n = ctx.namedBy.length;
      if (!c || c.pageCount < 2 || c.pageCount % n === 0) return;
      return `${sizesPhrase(ctx.namedBy)} all have this same ${c.pageCount}-page PDF, and ${c.pageCount} pages do not divide evenly among ${n} sizes: is it the right file for each of them?`;
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
export function preflightWarnings(files: RuleFile[], pattern: PatternFacts): PreflightWarning[] {
  const bySize = sizesByStoredPdf(files);
  const out: PreflightWarning[] = [];
  for (const f of files) {
    const ctx = { ...pattern, namedBy: (f.storageKey && bySize.get(f.storageKey)) || [] };
    for (const rule of PREFLIGHT_RULES) {
      const message = rule.warn(f, ctx);
      if (message) out.push({ rule: rule.id, fileId: f.id, fileName: f.fileName, message });
    }
  }
  return out;
}

/**
 * The warnings the status panel lists: a warning about a PDF several sizes share once (its text
 * names them all), not once per size.
 */
export function panelWarnings(warnings: PreflightWarning[]): PreflightWarning[] {
  const shared = new Set(PREFLIGHT_RULES.filter((r) => r.shared).map((r) => r.id));
  const seen = new Set<string>();
  return warnings.filter((w) => {
    if (!shared.has(w.rule)) return true;
    const key = `${w.rule}\n${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
