import { z } from 'zod';
import { LIMITS } from '../limits';
import { PATTERN_STATUSES } from '../options';
import { dbId, optionalText, requiredText, IsoDateTimeSchema } from './common';
import { PatternFileSchema } from './files';
import type { MultipartSpec } from './uploads';
import { SIZE_MSG } from './sizes-paths';
export { SIZE_PATHS, SIZE_MSG } from './sizes-paths';

export const SIZE_ROUTES = { list: '/api/patterns/:id/sizes', one: '/api/sizes/:sizeId' } as const;

/** Multipart field names of the add and update calls. */
export const SIZE_PARTS = { data: 'data', pdf: 'pattern_pdf_file' } as const;

/** The template fields of spec section 3, optional and not on the submission form. */
export const SIZE_TEMPLATE_FIELDS = [
  'Design_id',
  'Mannequin_id',
  'Garment_45',
  'Garment_55',
  'Garment_60',
  'Lining_45',
  'Lining_55',
  'Lining_60',
  'Interfacing_20',
  'Interfacing_45',
  'Other_20',
  'Other_45',
  'Prod_Status',
  'Prod_Error',
  'Staging_Status',
  'Staging_Error',
  'PreProd_Status',
  'PreProd_Error',
] as const;
export type SizeTemplateField = (typeof SIZE_TEMPLATE_FIELDS)[number];

/** Error fields hold a service's error text: longer than a label. */
const isErrorField = (f: SizeTemplateField) => f.endsWith('_Error');

export const SIZE_LABELS: Record<
  'pattern_view' | 'Size' | 'VariationID' | SizeTemplateField,
  string
> = {
  pattern_view: 'Pattern View',
  Size: 'Size',
  VariationID: 'VariationID',
  ...(Object.fromEntries(SIZE_TEMPLATE_FIELDS.map((f) => [f, f.replace(/_/g, ' ')])) as Record<
    SizeTemplateField,
    string
  >),
  Design_id: 'Design ID',
  Mannequin_id: 'Mannequin ID',
  PreProd_Status: 'PreProd Status',
  PreProd_Error: 'PreProd Error',
};

const templateShape = Object.fromEntries(
  SIZE_TEMPLATE_FIELDS.map((f) => [
    f,
    optionalText(SIZE_LABELS[f], isErrorField(f) ? LIMITS.descriptionMax : LIMITS.textMax),
  ]),
) as Record<SizeTemplateField, ReturnType<typeof optionalText>>;

/** The `data` part of add and update: view and size required ('Pattern View is required', 'Size is required'). */
export const SizeFieldsSchema = z.object({
  pattern_view: requiredText(SIZE_LABELS.pattern_view),
  Size: requiredText(SIZE_LABELS.Size),
  /** Generated as `<Pattern ID>_<view>_<size>` (slugged) when empty. */
  VariationID: optionalText(SIZE_LABELS.VariationID),
  ...templateShape,
});
export type SizeFields = z.infer<typeof SizeFieldsSchema>;
export type SizeFieldsInput = z.input<typeof SizeFieldsSchema>;

export const SizeSchema = z.object({
  ID: z.number(),
  patternId: z.number(),
  VariationID: z.string(),
  pattern_view: z.string(),
  Size: z.string(),
  Pattern_Pdf_File_Name: z.string().nullable(),
  ...(Object.fromEntries(SIZE_TEMPLATE_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
    SizeTemplateField,
    z.ZodNullable<z.ZodString>
  >),
  pdf: PatternFileSchema.nullable(),
  piecesCount: z.number(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** One more on every change of the size; a write sends it back as `If-Match` (docs/concurrency.md). */
  version: z.number(),
});
export type Size = z.infer<typeof SizeSchema>;

export const SizeListResponseSchema = z.object({
  data: z.array(SizeSchema),
  totalCountData: z.number(),
});
export type SizeListResponse = z.infer<typeof SizeListResponseSchema>;

/** The size screen also needs to know whose size it is. */
export const SizeDetailSchema = SizeSchema.extend({
  pattern: z.object({
    ID: z.number(),
    SFCC_Pattern_ID: z.string(),
    Pattern_Name: z.string(),
    brandName: z.string(),
    SFCC_Status: z.enum(PATTERN_STATUSES),
    sizesCount: z.number(),
  }),
});
export type SizeDetail = z.infer<typeof SizeDetailSchema>;
export const SizeDetailResponseSchema = z.object({ data: SizeDetailSchema });
export type SizeDetailResponse = z.infer<typeof SizeDetailResponseSchema>;

export const SizeMutationResponseSchema = z.object({ data: SizeSchema, message: z.string() });
export type SizeMutationResponse = z.infer<typeof SizeMutationResponseSchema>;

export const BulkDeleteSizesRequestSchema = z.object({
  ids: z
    .array(dbId(), { error: 'Choose the sizes to delete' })
    .min(1, 'Choose the sizes to delete')
    .max(LIMITS.sizesMax, `At most ${LIMITS.sizesMax} sizes at once`),
});

export const DeleteSizesResponseSchema = z.object({
  data: z.object({ deleted: z.number(), totalCountData: z.number() }),
  message: z.string(),
});
export type DeleteSizesResponse = z.infer<typeof DeleteSizesResponseSchema>;

export const SizeIdParamSchema = z.object({ sizeId: dbId() });

/** The add and update calls' multipart body: `data` (JSON of the fields, or one text part per field) and one PDF. */
export const SIZE_UPLOAD: MultipartSpec<
  typeof SIZE_PARTS.data | keyof typeof SizeFieldsSchema.shape,
  typeof SIZE_PARTS.pdf
> = {
  notMultipart:
    'Send the size as multipart/form-data: a "data" JSON part and the "pattern_pdf_file" PDF',
  fields: [
    SIZE_PARTS.data,
    ...(Object.keys(SizeFieldsSchema.shape) as (keyof typeof SizeFieldsSchema.shape)[]),
  ],
  files: [
    { name: SIZE_PARTS.pdf, accepts: 'pdf', max: 1, tooMany: 'Only one pattern PDF per size' },
  ],
  unknownFiles: 'refuse',
  messages: { invalidJson: SIZE_MSG.badData },
};
