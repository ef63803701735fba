import { z } from 'zod';
import type { Control } from 'react-hook-form';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import type { FileRule } from '../../../shared/contracts/files';
import { checkPickedFile } from '../../lib/file-checks';
import {
  PATTERN_LABELS,
  PatternFieldsSchema,
  SizeEntrySchema,
} from '../../../shared/contracts/patterns';
import {
  CREATE_MSG,
  EVERY_TIME,
  NAMED_FILE_FIELDS,
  checkUniqueSizes,
  fileRuleOf,
  type NamedFileField,
} from '../../../shared/contracts/pattern-create';

const isFile = (v: unknown): v is File => typeof File !== 'undefined' && v instanceof File;

/** A chosen file must pass the same size and type rules the server enforces (by content there). */
const checked = (rule: FileRule) => (file: File, ctx: z.RefinementCtx) => {
  const problem = checkPickedFile(file, rule);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      params: { problem: problem.problem, rule },
    });
};

const optionalFile = (rule: FileRule) =>
  z
    .custom<File | null>((v) => v === null || v === undefined || isFile(v))
    .superRefine((f, ctx) => {
      if (f) checked(rule)(f, ctx);
    });

const heroImages = z
  .array(z.custom<File>(isFile))
  .max(LIMITS.heroImagesMax, CREATE_MSG.heroMax)
  .superRefine((files, ctx) => files.forEach((f) => checked('image')(f, ctx)));

const sizeEntry = SizeEntrySchema.pick({ pattern_view: true, Size: true }).extend({
  pattern_pdf_file: z
    .custom<File | null>((v) => isFile(v), MSG.patternPdfRequired)
    .superRefine((f, ctx) => {
      if (f) checked('pdf')(f, ctx);
    }),
});

// The spec's add form says '{label} is required' for Brand as for every other field (an admin picks it).
const brandRequired = MSG.required(PATTERN_LABELS.Brand);

/** The form: the server's field rules, plus the files the form holds until Save. */
export const AddPatternFormSchema = PatternFieldsSchema.extend({
  Brand: z.coerce.number({ error: brandRequired }).int(brandRequired).positive(brandRequired),
  Size: z
    .array(sizeEntry)
    .min(1, CREATE_MSG.sizesMin)
    .max(LIMITS.sizesMax, CREATE_MSG.sizesMax)
    .superRefine(checkUniqueSizes, EVERY_TIME),
  Instruction_PDF: optionalFile('pdf'),
  Yardage_PDF: optionalFile('pdf'),
  Main_Hero_Image: optionalFile('image'),
  Size_Chart: optionalFile('image'),
  Yardage_Image: optionalFile('image'),
  Sketch_Image: optionalFile('image'),
  Hero_Images: heroImages,
});

export type AddPatternFormValues = z.output<typeof AddPatternFormSchema>;

/** What the inputs hold: strings for text and selects (null for no choice), File objects for files. */
export interface AddPatternFormInput {
  SFCC_Pattern_ID: string;
  Pattern_Name: string;
  Brand: string | null;
  Technical_Details: string;
  Pattern_Description: string;
  Fabric_Recommendation: string;
  Fabric_type: string | null;
  Notion: string;
  Type: string | null;
  Is_Printable: string | null;
  Gender: string | null;
  Price: string;
  Suitable_For: string;
  is_Subscribable: string | null;
  Pattern_Fit: string;
  Size: { pattern_view: string; Size: string; pattern_pdf_file: File | null }[];
  Instruction_PDF: File | null;
  Yardage_PDF: File | null;
  Main_Hero_Image: File | null;
  Size_Chart: File | null;
  Yardage_Image: File | null;
  Sketch_Image: File | null;
  Hero_Images: File[];
}

/** The form's control, typed with what inputs hold and what a valid form gives. */
export type AddPatternControl = Control<AddPatternFormInput, unknown, AddPatternFormValues>;

export const emptySize = (): AddPatternFormInput['Size'][number] => ({
  pattern_view: '',
  Size: '',
  pattern_pdf_file: null,
});

export function emptyForm(brandId: number | null | undefined): AddPatternFormInput {
  return {
    SFCC_Pattern_ID: '',
    Pattern_Name: '',
    Brand: brandId ? String(brandId) : null,
    Technical_Details: '',
    Pattern_Description: '',
    Fabric_Recommendation: '',
    Fabric_type: null,
    Notion: '',
    Type: null,
    Is_Printable: null,
    Gender: null,
    Price: '',
    Suitable_For: '',
    is_Subscribable: null,
    Pattern_Fit: '',
    Size: [emptySize()],
    Instruction_PDF: null,
    Yardage_PDF: null,
    Main_Hero_Image: null,
    Size_Chart: null,
    Yardage_Image: null,
    Sketch_Image: null,
    Hero_Images: [],
  };
}

/** Every chosen file that breaks a rule, by rule and problem: decides the warning toast on Save. */
export function fileProblems(
  values: AddPatternFormInput,
): { rule: FileRule; problem: 'type' | 'size' }[] {
  const out: { rule: FileRule; problem: 'type' | 'size' }[] = [];
  const add = (f: File | null | undefined, rule: FileRule) => {
    const p = f ? checkPickedFile(f, rule) : undefined;
    if (p) out.push({ rule, problem: p.problem });
  };
  for (const field of NAMED_FILE_FIELDS) {
    const v = values[field as NamedFileField];
    if (Array.isArray(v)) v.forEach((f) => add(f, fileRuleOf(field)));
    else add(v, fileRuleOf(field));
  }
  values.Size.forEach((s) => add(s.pattern_pdf_file, 'pdf'));
  return out;
}
