import { z } from 'zod';
import { dbId, IsoDateTimeSchema } from './common';
import { PATTERN_STATUSES } from '../options';
import { PatternFieldsSchema } from './patterns';
import { FILE_KINDS, FILE_KIND_RULE, FILE_LABELS, PatternFileSchema, type FileKind } from './files';
import { PreflightWarningSchema } from './preflight';
import { LIMITS } from '../limits';
import type { MultipartSpec } from './uploads';
import { EditStatusSchema } from './lifecycle';
export { PATTERN_DETAIL_PATHS, PATTERN_DETAIL_MSG } from './pattern-detail-paths';

/** Fastify route templates of the same paths. */
export const PATTERN_DETAIL_ROUTES = {
  detail: '/api/patterns/:id',
  files: '/api/patterns/:id/files',
  file: '/api/patterns/:id/files/:fileId',
} as const;

/** Pattern-level file kinds (a size's PDF is replaced on its size); Hero_Images holds several. */
export type PatternFileKind = Exclude<FileKind, 'pattern_pdf_file'>;
export const PATTERN_FILE_KINDS = FILE_KINDS.filter(
  (k): k is PatternFileKind => k !== 'pattern_pdf_file',
);
export const isMultipleKind = (kind: FileKind) => kind === 'Hero_Images';

/** One thing a pattern lacks to be complete (docs/product-decisions.md): `field` names where, `message` says what. */
export const MissingItemSchema = z.object({ field: z.string(), message: z.string() });
export type MissingItem = z.infer<typeof MissingItemSchema>;

export const PatternDetailSchema = z.object({
  ID: z.number(),
  SFCC_Pattern_ID: z.string(),
  Pattern_Name: z.string(),
  Brand: z.number(),
  brandName: z.string(),
  Technical_Details: z.string().nullable(),
  Pattern_Description: z.string().nullable(),
  Fabric_Recommendation: z.string().nullable(),
  Fabric_type: z.string().nullable(),
  Notion: z.string().nullable(),
  Type: z.string().nullable(),
  Is_Printable: z.string().nullable(),
  Gender: z.string().nullable(),
  Price: z.number().nullable(),
  Suitable_For: z.string().nullable(),
  is_Subscribable: z.string().nullable(),
  Pattern_Fit: z.string().nullable(),
  IS_SFCC_TESTING: z.boolean(),
  SFCC_Status: z.enum(PATTERN_STATUSES),
  editStatus: EditStatusSchema,
  reviewedAt: IsoDateTimeSchema.nullable(),
  publishedAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** Counts content edits; a write sends it back as `If-Match: "<version>"` (the ETag), docs/concurrency.md. */
  version: z.number(),
  /** Pattern-level files (a size's PDF is listed with its size). */
  files: z.array(PatternFileSchema),
  sizesCount: z.number(),
  missing: z.array(MissingItemSchema),
  /** Set when the pattern changed after it was sent to review / published (docs/product-decisions.md notice). */
  editedAfter: z.enum(['review', 'publishing']).nullable(),
  /** The publisher's preflight warnings about the pattern's files, its sizes' PDFs included (docs/preflight.md). */
  warnings: z.array(PreflightWarningSchema).optional(),
  /** A PDF of the pattern (its sizes' included) still has its thumbnails queued: the screen asks again shortly. */
  thumbnailsPending: z.boolean().optional(),
});
export type PatternDetail = z.infer<typeof PatternDetailSchema>;

export const PatternDetailResponseSchema = z.object({ data: PatternDetailSchema });
export type PatternDetailResponse = z.infer<typeof PatternDetailResponseSchema>;

/** PUT body: every field of the record, the same rules as the submission form. */
export const UpdatePatternRequestSchema = PatternFieldsSchema;
export const UpdatePatternResponseSchema = z.object({
  data: PatternDetailSchema,
  message: z.string(),
});
export type UpdatePatternResponse = z.infer<typeof UpdatePatternResponseSchema>;

export const PatternFileParamsSchema = z.object({ id: dbId(), fileId: dbId() });

export const FilesMutationResponseSchema = z.object({
  data: z.object({ files: z.array(PatternFileSchema) }),
  message: z.string(),
});
export type FilesMutationResponse = z.infer<typeof FilesMutationResponseSchema>;

/** The files call's multipart body: one part per file, named by its kind; Hero_Images may repeat. */
export const PATTERN_FILES_UPLOAD: MultipartSpec<never, PatternFileKind> = {
  notMultipart: 'Send the files as multipart/form-data',
  fields: [],
  // Hero images over the limit are refused with the count the pattern already has (409, on saving).
  files: PATTERN_FILE_KINDS.map((k) => ({
    name: k,
    accepts: FILE_KIND_RULE[k],
    max: isMultipleKind(k) ? LIMITS.heroImagesMax : 1,
    tooMany: isMultipleKind(k) ? undefined : `Only one ${FILE_LABELS[k]} can be uploaded`,
  })),
  unknownFiles: 'refuse',
};
