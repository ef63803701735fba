/**
 * The pattern detail screen's API paths and messages, apart from the schemas (pattern-detail.ts)
 * so that the first screen can name them without loading Zod (issue 50, ADR 015; vite.config.ts
 * refuses a first load that holds Zod).
 */
/**
 * The pattern detail screen's calls: read one pattern, update its fields, replace or remove its
 * files. Sizes, pieces and the lifecycle have their own contracts (sizes.ts, pieces.ts, lifecycle.ts).
 */
export const PATTERN_DETAIL_PATHS = {
  detail: (id: number | string) => `/api/patterns/${id}`,
  files: (id: number | string) => `/api/patterns/${id}/files`,
  file: (id: number | string, fileId: number | string) => `/api/patterns/${id}/files/${fileId}`,
} as const;

export const PATTERN_DETAIL_MSG = {
  updated: 'Pattern updated',
  filesUpdated: 'File saved',
  fileRemoved: 'File removed',
  noFile: 'Choose a file to upload',
  otherBrand: 'You cannot move a pattern to another brand',
  unknownBrand: 'This brand does not exist',
  sizePdfRemove: "A size's PDF cannot be removed; replace it on the size's screen",
  notFound: 'This pattern does not exist or you cannot see it',
} as const;
