import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { FABRIC_TYPES, GENDERS, PATTERN_TYPES, YES_NO } from '../options';
import { brandRef, optionalText, PriceSchema, requiredText, text } from './common';

/** Labels of the pattern record's fields (spec section 3); used by forms, errors and CSV headers. */
export const PATTERN_LABELS = {
  SFCC_Pattern_ID: 'Pattern ID',
  Pattern_Name: 'Pattern Name',
  Brand: 'Brand',
  Technical_Details: 'Details',
  Pattern_Description: 'Pattern Description',
  Fabric_Recommendation: 'Fabric Recommendation',
  Fabric_type: 'Fabric Type',
  Notion: 'Notion',
  Type: 'Pattern Type',
  Is_Printable: 'Is Printable',
  Gender: 'Gender',
  Price: 'Price',
  Suitable_For: 'Suitable For',
  is_Subscribable: 'Is Subscribable',
  Pattern_Fit: 'Pattern Fit',
} as const;

const L = PATTERN_LABELS;

/**
 * What a Pattern ID may hold: the characters a storefront product ID takes as it is (letters A-Z,
 * digits, dash, underscore, dot), so no emoji, space or slash reaches an ID, a file name or a URL.
 */
export const PATTERN_ID_CHARS = /^[A-Za-z0-9._-]*$/;
export const PATTERN_ID_RULE =
  'Pattern ID may contain only letters A–Z, digits 0–9, dash (-), underscore (_) and dot (.)';
// The union carries the message: without it Zod 4 reports a failed union as 'Invalid input'.
const optionalEnum = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .union(
      [
        z.enum(values),
        z.literal('').transform(() => undefined),
        z.null().transform(() => undefined),
      ],
      {
        error: `${label} must be one of: ${values.join(', ')}`,
      },
    )
    .optional();

/**
 * The text fields of a pattern record, with the same rules on the form and the server.
 * `Brand` is the brand's id or slug (the user's own brand unless an admin picks another).
 */
export const PatternFieldsSchema = z.object({
  SFCC_Pattern_ID: requiredText(L.SFCC_Pattern_ID).regex(PATTERN_ID_CHARS, PATTERN_ID_RULE),
  Pattern_Name: requiredText(L.Pattern_Name),
  Brand: brandRef(MSG.chooseBrand),
  Technical_Details: optionalText(L.Technical_Details, LIMITS.descriptionMax),
  Pattern_Description: optionalText(L.Pattern_Description, LIMITS.descriptionMax),
  Fabric_Recommendation: optionalText(L.Fabric_Recommendation, LIMITS.descriptionMax),
  Fabric_type: optionalEnum(L.Fabric_type, FABRIC_TYPES),
  Notion: optionalText(L.Notion),
  Type: optionalEnum(L.Type, PATTERN_TYPES),
  Is_Printable: optionalEnum(L.Is_Printable, YES_NO),
  Gender: optionalEnum(L.Gender, GENDERS),
  Price: PriceSchema,
  Suitable_For: optionalText(L.Suitable_For),
  is_Subscribable: optionalEnum(L.is_Subscribable, YES_NO),
  Pattern_Fit: optionalText(L.Pattern_Fit),
});
export type PatternFields = z.infer<typeof PatternFieldsSchema>;
export type PatternFieldsInput = z.input<typeof PatternFieldsSchema>;

/** A size entry as the submission form sends it. */
export const SizeEntrySchema = z.object({
  pattern_view: requiredText('Pattern View'), // 'Pattern View is required'
  Size: requiredText('Size'), // 'Size is required'
  Pattern_Pdf_File_Name: text('Pattern_Pdf_File_Name').max(LIMITS.textMax).optional(),
  VariationID: optionalText('VariationID'),
});
