import type { FileKind } from '../../../shared/contracts/files';

/**
 * The portal's pattern → Salesforce B2C Commerce product mapping (docs/storefront.md has the table).
 * A pattern is a variation master (product-id = Pattern ID); each size a variant (product-id = its
 * VariationID) on the variation attribute `size`.
 */
export interface SourceSize {
  variationId: string;
  view: string;
  size: string;
  /** The size's pattern PDF (pattern_pdf_file), fetched by the storefront's download service. */
  pdf: { fileId: number; sha256: string } | null;
}

export interface SourceImage {
  fileId: number;
  kind: FileKind;
  storageKey: string;
  /** The original's file extension (`jpg`, `png`): the storefront receives the photo as uploaded. */
  ext: string;
}

export interface SourcePattern {
  ID: number;
  productId: string;
  name: string;
  brandName: string;
  description: string | null;
  details: string | null;
  price: string | null;
  fields: Record<CustomField, string | null>;
  sizes: SourceSize[];
  images: SourceImage[];
}

/**
 * One pattern as the archive carries it: the whole product (and, offline with their prices
 * removed, the products the target holds that this version dropped), or the products the target
 * holds taken offline, or removed.
 */
export type StorefrontItem =
  | { mode: 'upsert'; pattern: SourcePattern; dropped?: string[] }
  | { mode: 'offline' | 'delete'; productIds: string[] };

/** Pattern fields that travel as custom attributes of the master, with their attribute ids. */
export const CUSTOM_ATTRIBUTES = {
  Type: 'pppPatternType',
  Gender: 'pppGender',
  Fabric_type: 'pppFabricType',
  Notion: 'pppNotion',
  Is_Printable: 'pppIsPrintable',
  is_Subscribable: 'pppIsSubscribable',
  Suitable_For: 'pppSuitableFor',
  Pattern_Fit: 'pppPatternFit',
  Fabric_Recommendation: 'pppFabricRecommendation',
} as const;
export type CustomField = keyof typeof CUSTOM_ATTRIBUTES;

/** Custom attributes of each variant: its pattern PDF's id and SHA-256, and its view. */
export const VARIANT_ATTRIBUTES = {
  pdfId: 'pppPatternPdfId',
  pdfSha256: 'pppPatternPdfSha256',
  view: 'pppPatternView',
} as const;

export const SIZE_ATTRIBUTE = 'size';

/**
 * Image kinds → image-group view types: the photo as uploaded (`original`: JPG or PNG, at most the
 * upload limit, never smaller than the portal's own 1000-px rule), or for `small` the portal's
 * small WebP thumbnail.
 */
export type Rendition = 'original' | 'small';
export const IMAGE_VIEW_TYPES: { kind: FileKind; viewType: string; rendition: Rendition }[] = [
  { kind: 'Main_Hero_Image', viewType: 'large', rendition: 'original' },
  { kind: 'Main_Hero_Image', viewType: 'small', rendition: 'small' },
  { kind: 'Hero_Images', viewType: 'hero', rendition: 'original' },
  { kind: 'Size_Chart', viewType: 'sizechart', rendition: 'original' },
  { kind: 'Sketch_Image', viewType: 'sketch', rendition: 'original' },
];

const safeSegment = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/** Where an image sits under the catalog's static/default folder (and the path the catalog names). */
export const imagePath = (productId: string, img: SourceImage, rendition: Rendition) =>
  `images/${safeSegment(productId)}/${img.fileId}${rendition === 'small' ? '-small.webp' : `.${img.ext}`}`;

/** The stored object of an image in that rendition. */
export const imageObject = (img: SourceImage, rendition: Rendition) =>
  rendition === 'small' ? `${img.storageKey}.small.webp` : img.storageKey;

/** The file extension of an uploaded image by its content type. */
export const imageExt = (contentType: string) => (contentType === 'image/png' ? 'png' : 'jpg');

/** A price as the price book writes it: two decimals (`12.50`), whichever content it came from. */
export const priceText = (price: string | number) => Number(price).toFixed(2);

/** The variation value of a size: the size, prefixed with its view when the pattern has several views. */
export function sizeValue(p: SourcePattern, s: SourceSize): string {
  const views = new Set(p.sizes.map((x) => x.view));
  return views.size > 1 ? `${s.view} ${s.size}` : s.size;
}

/** Pattern Type → category id: the configured map, else the type lowercased with dashes. */
export function categoryFor(type: string | null, map: Record<string, string>): string | null {
  if (!type) return null;
  return (
    map[type] ??
    (type
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') ||
      null)
  );
}
