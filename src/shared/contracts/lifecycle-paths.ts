/**
 * The lifecycle's API paths and the edit statuses with their labels, apart from the schemas
 * (lifecycle.ts) so that the first screen can name them without loading Zod (issue 50, ADR 015;
 * vite.config.ts refuses a first load that holds Zod).
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
