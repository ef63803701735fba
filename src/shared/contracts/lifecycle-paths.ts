/**
 * The lifecycle's API paths and the edit statuses with their labels, apart from the schemas so that the first screen can name them without loading Zod
 * (issue 50: the first row on screen; vite.config.ts refuses a first load that holds Zod).
 */
/**
 * The pattern lifecycle of docs/product-decisions.md, every transition in one contract: draft → in review (send
 * to review: owner brand or admin) → published (publish: admin only); in review → changes
 * requested (request changes, with notes) and published → draft (unpublish), both admin only.
 * Also the review state a pattern screen shows (allowed actions, the open request and its notes,
 * "Changed since last review"), the admins' review count and what waits for the brand.
 */
export const LIFECYCLE_PATHS = {
  sendToReview: (id: number | string) => `/api/patterns/${id}/send-to-review`,
  publish: (id: number | string) => `/api/patterns/${id}/publish`,
  requestChanges: (id: number | string) => `/api/patterns/${id}/request-changes`,
  unpublish: (id: number | string) => `/api/patterns/${id}/unpublish`,
  review: (id: number | string) => `/api/patterns/${id}/review`,
  note: (id: number | string, noteId: number | string) =>
    `/api/patterns/${id}/review-notes/${noteId}`,
  reviewCount: '/api/patterns/review-count',
  attention: '/api/patterns/attention',
} as const;

/**
 * Where a published pattern's edit stands (the pattern stays published, and in the storefront,
 * meanwhile): 'in_review' once sent to review, 'changes_requested' once sent back; null when no
 * edit waits (and for a pattern that is not published). docs/product-decisions.md "Lifecycle of a pattern".
 */
export const EDIT_STATUSES = ['in_review', 'changes_requested'] as const;

export type EditStatus = (typeof EDIT_STATUSES)[number];

export const EDIT_STATUS_LABELS: Record<EditStatus, string> = {
  in_review: 'Edit in review',
  changes_requested: 'Edit: changes requested',
};
