import type { FieldErrors } from 'react-hook-form';
import type { FileRule } from '../../../shared/contracts/files';
import { fileProblemText } from '../../lib/file-checks';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { NAMED_FILE_FIELDS } from '../../../shared/contracts/pattern-create';
import type { AddPatternFormInput } from './form-schema';

export type SectionId = 'basic' | 'pdfs' | 'images' | 'sizes';

/** Dotted paths of every field with an error (`Size.0.pattern_view`, `Hero_Images`), in form order. */
export function errorPaths(
  errors: FieldErrors<AddPatternFormInput> | Record<string, unknown>,
  prefix = '',
): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' ? prefix.replace(/\.$/, '') : `${prefix}${key}`;
    if (typeof (value as { message?: unknown }).message === 'string' && 'type' in value)
      out.push(path);
    else out.push(...errorPaths(value as Record<string, unknown>, `${path}.`));
  }
  return [...new Set(out)];
}

const PDF_FIELDS = ['Instruction_PDF', 'Yardage_PDF'];
export function sectionOf(path: string): SectionId {
  const head = path.split('.')[0] ?? '';
  if (head === 'Size') return 'sizes';
  if (PDF_FIELDS.includes(head)) return 'pdfs';
  if ((NAMED_FILE_FIELDS as readonly string[]).includes(head)) return 'images';
  return 'basic';
}

export function countBySection(paths: string[]): Record<SectionId, number> {
  const counts: Record<SectionId, number> = { basic: 0, pdfs: 0, images: 0, sizes: 0 };
  for (const p of paths) counts[sectionOf(p)]++;
  return counts;
}

/** The specification's warning toasts for chosen files that break a rule (one toast per kind of problem). */
export function fileWarnings(problems: { rule: FileRule; problem: 'type' | 'size' }[]): string[] {
  const out = new Set<string>();
  for (const p of problems) out.add(fileProblemText(p.rule, p.problem));
  return [...out];
}

/** A key of the server's `fields` that is a field of this form (others are only in the toast). */
export function isFormPath(key: string, sizeCount: number): boolean {
  if (key in PATTERN_LABELS || (NAMED_FILE_FIELDS as readonly string[]).includes(key)) return true;
  const m = /^Size\.(\d+)\.(pattern_view|Size|pattern_pdf_file)$/.exec(key);
  return Boolean(m && Number(m[1]) < sizeCount);
}

/** An error that is not about a chosen file's size or type: something required or mistyped. */
export function isFieldError(path: string, values: AddPatternFormInput): boolean {
  const head = path.split('.')[0] ?? '';
  if ((NAMED_FILE_FIELDS as readonly string[]).includes(head)) return false;
  const m = /^Size\.(\d+)\.pattern_pdf_file$/.exec(path);
  if (m) return !values.Size[Number(m[1])]?.pattern_pdf_file;
  return true;
}
