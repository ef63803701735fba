import { z } from 'zod';
export { THUMBNAIL_SIZES, THUMBNAIL_PATHS, type ThumbnailSize } from './preflight-paths';

/**
 * What the server found when it checked an uploaded file (docs/preflight.md): facts about a PDF or
 * a photo, stored with the file, and the publisher's warnings derived from them. Only a PDF that
 * cannot be opened (damaged, or locked by a password) is refused; everything else is a finding.
 */

/** Page sizes the portal names; anything else is shown as W×H. Sizes in PDF points (1/72 in), portrait. */
export const NAMED_PAGE_SIZES = [
  { name: 'US Letter', w: 612, h: 792, home: true },
  { name: 'A4', w: 595.28, h: 841.89, home: true },
  { name: 'US Legal', w: 612, h: 1008, home: false },
  { name: 'Tabloid', w: 792, h: 1224, home: false },
  { name: 'A3', w: 841.89, h: 1190.55, home: false },
  { name: 'A2', w: 1190.55, h: 1683.78, home: false },
  { name: 'A1', w: 1683.78, h: 2383.94, home: false },
  { name: 'A0', w: 2383.94, h: 3370.39, home: false },
  { name: 'US copy shop 36×48 in', w: 2592, h: 3456, home: false },
  { name: 'US copy shop 24×36 in', w: 1728, h: 2592, home: false },
] as const;

export const PageSizeGroupSchema = z.object({
  /** 'A4', 'US Letter', … or '610×914 mm (24.0×36.0 in)'. */
  name: z.string(),
  /** Letter or A4: printable at home. */
  home: z.boolean(),
  widthMm: z.number(),
  heightMm: z.number(),
  pages: z.number(),
});
export type PageSizeGroup = z.infer<typeof PageSizeGroupSchema>;

export const PdfCheckSchema = z.object({
  type: z.literal('pdf'),
  pageCount: z.number(),
  /** Sizes of the pages read (all of them unless `pagesRead` < `pageCount`), most pages first. */
  pageSizes: z.array(PageSizeGroupSchema),
  pagesRead: z.number(),
  /** Optional content groups: how size-layered patterns are made. */
  layers: z.number(),
  /** null when no page with text was read in the budget. */
  fontsEmbedded: z.boolean().nullable(),
  printRestricted: z.boolean(),
  /** Set when the check ran out of its time or memory budget: the facts above may be partial. */
  incomplete: z.enum(['time', 'memory']).nullable(),
  /** Small and medium WebP thumbnails of the first page exist (absent: not drawn, or checked before they were made). */
  thumbnails: z.boolean().optional(),
  /**
   * The first page is queued to be drawn: the upload answered with the facts and the thumbnails
   * follow within seconds (the create form, issue 31). Gone once they were drawn (or could not be).
   */
  thumbnailsPending: z.boolean().optional(),
});
export type PdfCheck = z.infer<typeof PdfCheckSchema>;

export const ImageCheckSchema = z.object({
  type: z.literal('image'),
  /** Real pixel dimensions as displayed (after the EXIF orientation was applied). */
  width: z.number(),
  height: z.number(),
  /** What was changed in the stored copy: orientation applied, metadata (GPS, camera…) removed, CMYK → sRGB. */
  rotated: z.boolean(),
  metadataRemoved: z.boolean(),
  convertedFromCmyk: z.boolean(),
  /** Small (lists) and medium (pattern screen) WebP thumbnails exist. */
  thumbnails: z.boolean(),
});
export type ImageCheck = z.infer<typeof ImageCheckSchema>;

export const FileCheckSchema = z.discriminatedUnion('type', [PdfCheckSchema, ImageCheckSchema]);
export type FileCheck = z.infer<typeof FileCheckSchema>;

export const PREFLIGHT_RULE_IDS = [
  'printable-without-home-pages',
  'home-pages-mixed',
  'print-restricted',
  'shared-one-page-pdf',
  'shared-pdf-pages-mismatch',
  'hero-too-small',
  'check-incomplete',
] as const;
export type PreflightRuleId = (typeof PREFLIGHT_RULE_IDS)[number];

/** One warning the reviewer sees; `fileId` names the file it is about. */
export const PreflightWarningSchema = z.object({
  rule: z.enum(PREFLIGHT_RULE_IDS),
  fileId: z.number(),
  fileName: z.string(),
  message: z.string(),
});
export type PreflightWarning = z.infer<typeof PreflightWarningSchema>;

export const PREFLIGHT_MSG = {
  damaged: (name: string) => `${name} is damaged and cannot be opened`,
  password: (name: string) => `${name} is password-protected`,
  heroTooSmall: 'The storefront needs at least 1000 px',
} as const;

export const ThumbnailParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  size: z.enum(['small', 'medium']),
});

/** One line a file card shows: "12 pages · A4 (10), A0 (2) · layers · fonts embedded". */
export function describeCheck(c: FileCheck): string {
  if (c.type === 'image') return `${c.width}×${c.height} px`;
  const parts = [`${c.pageCount} ${c.pageCount === 1 ? 'page' : 'pages'}`];
  if (c.pageSizes.length)
    parts.push(
      c.pageSizes
        .map((g) => (c.pageSizes.length > 1 ? `${g.name} (${g.pages})` : g.name))
        .join(', '),
    );
  if (c.layers) parts.push(`${c.layers} ${c.layers === 1 ? 'layer' : 'layers'}`);
  if (c.fontsEmbedded !== null)
    parts.push(c.fontsEmbedded ? 'fonts embedded' : 'fonts not embedded');
  if (c.printRestricted) parts.push('printing restricted');
  return parts.join(' · ');
}
