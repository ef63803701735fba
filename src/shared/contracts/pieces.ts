import { z } from 'zod';
import { LIMITS } from '../limits';
import { dbId, optionalText, requiredText, IsoDateTimeSchema } from './common';

/** Pieces of a size (spec section 3 piece-level template fields): list, add, edit, delete. */
export const PIECE_PATHS = {
  list: (sizeId: number | string) => `/api/sizes/${sizeId}/pieces`,
  one: (pieceId: number | string) => `/api/pieces/${pieceId}`,
} as const;
export const PIECE_ROUTES = {
  list: '/api/sizes/:sizeId/pieces',
  one: '/api/pieces/:pieceId',
} as const;

export const PIECE_LABELS = {
  Piece_Number: 'Piece Number',
  pattern_view: 'Pattern View',
  Piece_Description: 'Piece Description',
  Fabric_Category: 'Fabric Category',
  Cut_Quantity: 'Cut Quantity',
  Fold: 'Fold',
  Patterns_SVG: 'Patterns SVG',
  Contrast: 'Contrast',
} as const;

export const CUT_QUANTITY_MAX = 1000;

export const PieceFieldsSchema = z.object({
  Piece_Number: requiredText(PIECE_LABELS.Piece_Number),
  pattern_view: optionalText(PIECE_LABELS.pattern_view),
  Piece_Description: optionalText(PIECE_LABELS.Piece_Description, LIMITS.descriptionMax),
  Fabric_Category: optionalText(PIECE_LABELS.Fabric_Category),
  Cut_Quantity: z
    .union(
      [
        z.literal('').transform(() => undefined),
        z.null().transform(() => undefined),
        z.coerce.number(),
      ],
      {
        error: 'Cut Quantity must be a whole number',
      },
    )
    .optional()
    .refine(
      (v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= CUT_QUANTITY_MAX),
      `Cut Quantity must be a whole number from 0 to ${CUT_QUANTITY_MAX}`,
    ),
  Fold: optionalText(PIECE_LABELS.Fold),
  /** An SVG file name or path of the piece's outline. */
  Patterns_SVG: optionalText(PIECE_LABELS.Patterns_SVG, LIMITS.descriptionMax),
  Contrast: optionalText(PIECE_LABELS.Contrast),
});
export type PieceFields = z.infer<typeof PieceFieldsSchema>;
export type PieceFieldsInput = z.input<typeof PieceFieldsSchema>;

export const PieceSchema = z.object({
  ID: z.number(),
  sizeId: z.number(),
  Piece_Number: z.string(),
  pattern_view: z.string().nullable(),
  Piece_Description: z.string().nullable(),
  Fabric_Category: z.string().nullable(),
  Cut_Quantity: z.number().nullable(),
  Fold: z.string().nullable(),
  Patterns_SVG: z.string().nullable(),
  Contrast: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Piece = z.infer<typeof PieceSchema>;

export const PieceListResponseSchema = z.object({
  data: z.array(PieceSchema),
  totalCountData: z.number(),
});
export type PieceListResponse = z.infer<typeof PieceListResponseSchema>;
export const PieceMutationResponseSchema = z.object({ data: PieceSchema, message: z.string() });
export type PieceMutationResponse = z.infer<typeof PieceMutationResponseSchema>;
export const PieceIdParamSchema = z.object({ pieceId: dbId() });

/** A size has a handful of pieces; the cap keeps one size's list one page. */
export const PIECES_MAX = 500;

export const PIECE_MSG = {
  added: 'Piece added',
  updated: 'Piece updated',
  deleted: 'Piece deleted',
  tooMany: `A size can have at most ${PIECES_MAX} pieces`,
  notFound: 'This piece does not exist or you cannot see it',
} as const;
