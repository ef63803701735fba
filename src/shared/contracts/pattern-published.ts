import { z } from 'zod';
import { IsoDateTimeSchema } from './common';
import { FILE_KINDS } from './files';
import { PatternDetailSchema } from './pattern-detail';
import { ChangeSchema } from './lifecycle';
import { VERSIONS } from './pattern-published-paths';

/**
 * The published version of a pattern: what was reviewed and published, kept apart from the
 * working copy (`GET /api/patterns/{id}`), which an edit after publishing changes at once. An
 * edit reaches this record only when it is published in turn (issue 30).
 */
export const PATTERN_PUBLISHED_PATHS = {
  published: (id: number | string) => `/api/patterns/${id}/published`,
  liveChanges: (id: number | string) => `/api/patterns/${id}/published/changes`,
  /** A published file's bytes, even after an edit replaced or removed its row (issue 30). */
  file: (id: number | string, fileId: number | string) =>
    `/api/patterns/${id}/published/files/${fileId}`,
} as const;
export const PATTERN_PUBLISHED_ROUTES = {
  published: '/api/patterns/:id/published',
  liveChanges: '/api/patterns/:id/published/changes',
  file: '/api/patterns/:id/published/files/:fileId',
} as const;
export const PublishedFileParamsSchema = z.object({
  id: z.coerce.number().int().positive({ error: 'id must be a positive whole number' }),
  fileId: z.coerce.number().int().positive({ error: 'fileId must be a positive whole number' }),
});

export const VersionQuerySchema = z
  .enum(VERSIONS, { error: `version must be one of: ${VERSIONS.join(', ')}` })
  .default('working')
  .describe(
    '`working` (the default): the patterns as they are now; `published`: the published versions only, as they were reviewed.',
  );

/**
 * A file reference as published: the portal keeps the file under its content key as long as a
 * published version names it (ADR 009), even after an edit replaced or removed its row;
 * `GET /api/patterns/{id}/published/files/{fileId}` reads it. Versions published before
 * migration 0021 got `key`, `sha256` and `thumbnails` from their rows then.
 */
export const PublishedFileSchema = z.object({
  id: z.number(),
  kind: z.enum(FILE_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  /** The stored object's key (a content key: `patterns/sha256/…`). */
  key: z.string().optional(),
  /** The SHA-256 of the file's bytes, hex. */
  sha256: z.string().optional(),
  /** Whether the preflight drew thumbnails for it (the storefront's images use them). */
  thumbnails: z.boolean().optional(),
});
export type PublishedFile = z.infer<typeof PublishedFileSchema>;

export const PublishedSizeSchema = z.object({
  ID: z.number(),
  VariationID: z.string(),
  pattern_view: z.string(),
  Size: z.string(),
  /** The size's other content fields (Design_id, Garment_45 …; the service status fields are not content). */
  fields: z.record(z.string(), z.string().nullable()),
  /** The size's pattern PDF (and any other file of the size). */
  files: z.array(PublishedFileSchema),
});

/** The pattern's content fields as the detail answers them (the status fields are not content). */
export const PublishedFieldsSchema = PatternDetailSchema.pick({
  SFCC_Pattern_ID: true,
  Pattern_Name: true,
  Brand: true,
  brandName: true,
  Technical_Details: true,
  Pattern_Description: true,
  Fabric_Recommendation: true,
  Fabric_type: true,
  Notion: true,
  Type: true,
  Is_Printable: true,
  Gender: true,
  Price: true,
  Suitable_For: true,
  is_Subscribable: true,
  Pattern_Fit: true,
});

/** What is stored per publication: the pattern's fields, its sizes and its file references. */
export const PublishedContentSchema = z.object({
  fields: PublishedFieldsSchema,
  sizes: z.array(PublishedSizeSchema),
  /** Pattern-level files (hero images, size chart, sketch, instructions …). */
  files: z.array(PublishedFileSchema),
});
export type PublishedContent = z.infer<typeof PublishedContentSchema>;

export const PublishedPatternSchema = PublishedContentSchema.extend({
  /** The pattern's ID (the working copy's `ID`). */
  ID: z.number(),
  /** 1 at the first publication, one more at each later one. */
  version: z.number(),
  /** False once unpublished: the storefront takes the product offline (the record stays for that). */
  live: z.boolean(),
  publishedAt: IsoDateTimeSchema,
  publishedBy: z.string().nullable(),
  unpublishedAt: IsoDateTimeSchema.nullable(),
});
export type PublishedPattern = z.infer<typeof PublishedPatternSchema>;
export const PublishedPatternResponseSchema = z.object({ data: PublishedPatternSchema });

/** For the pattern screen: what is live, and what the working copy changed since. */
export const LiveChangesSchema = z.object({
  version: z.number(),
  publishedAt: IsoDateTimeSchema,
  publishedBy: z.string().nullable(),
  changes: z.array(ChangeSchema),
});
export type LiveChanges = z.infer<typeof LiveChangesSchema>;
export const LiveChangesResponseSchema = z.object({ data: LiveChangesSchema });

export const PUBLISHED_MSG = {
  notPublished: 'This pattern is not published',
} as const;
