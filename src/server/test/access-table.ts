/**
 * Who may call each /api route, written out (issue 33 items 4 and 8): the access test checks that
 * every route's declaration (`config.access`, `config.tokens`) is the one listed here and that the
 * route answers accordingly. A route not listed is `signedIn` and refuses API tokens. A new route
 * is added here on purpose, in review, not implied.
 */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/newsletter/subscribe',
  'GET /api/site/config',
];

export const ADMIN_ROUTES = [
  'POST /api/brands',
  'PATCH /api/brands/{id}',
  'POST /api/auth/signup',
  'POST /api/auth/user-list',
  'PATCH /api/users/{id}/status',
  'POST /api/patterns/{id}/publish',
  'POST /api/patterns/{id}/request-changes',
  'POST /api/patterns/{id}/unpublish',
  'GET /api/patterns/review-count',
  'GET /api/contact/support',
  'PATCH /api/contact/support/{id}',
  'GET /api/newsletter/summary',
  'GET /api/newsletter/export.csv',
  'GET /api/integrations/tokens',
  'POST /api/integrations/tokens',
  'DELETE /api/integrations/tokens/{id}',
  'GET /api/integrations/webhooks',
  'POST /api/integrations/webhooks',
  'PUT /api/integrations/webhooks/{id}',
  'DELETE /api/integrations/webhooks/{id}',
  'POST /api/integrations/webhooks/{id}/rotate-secret',
  'POST /api/integrations/webhooks/{id}/test',
  'POST /api/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  'GET /api/integrations/webhooks/{id}/deliveries',
  'POST /api/integrations/webhooks/{id}/deliveries/redeliver-failed',
  'POST /api/integrations/webhooks/{id}/end-previous-secret',
  'GET /api/admin/review-recipients',
  'PUT /api/admin/review-recipients',
  'GET /api/storefront/archive.zip',
  'GET /api/storefront/targets',
  'POST /api/storefront/targets/{name}/resync',
  'POST /api/storefront/patterns/{id}/retry',
];

/** The catalogue's reads: every API token may call them. */
export const TOKEN_READ_ROUTES = [
  'GET /api/health',
  'GET /api/site/config',
  'GET /api/brands',
  'GET /api/patterns',
  'GET /api/patterns/export.csv',
  'GET /api/patterns/changes',
  'GET /api/patterns/{id}',
  'GET /api/patterns/{id}/review',
  'GET /api/patterns/{id}/activity',
  'GET /api/patterns/{id}/published',
  'GET /api/patterns/{id}/published/changes',
  'GET /api/patterns/{id}/published/files/{fileId}',
  'GET /api/storefront/patterns/{id}',
  'GET /api/trash',
  'GET /api/patterns/{id}/sizes',
  'GET /api/sizes/{sizeId}',
  'GET /api/sizes/{sizeId}/pieces',
  'GET /api/files/{id}',
  'GET /api/files/{id}/thumbnail/{size}',
  'GET /api/imports/template',
  'GET /api/imports',
  'GET /api/imports/{id}',
  'GET /api/imports/{id}/report.csv',
];

/** The catalogue's writes: read-and-write tokens only. */
export const TOKEN_WRITE_ROUTES = [
  'POST /api/patternRecord/addPatternsRecord',
  'PUT /api/patterns/{id}',
  'DELETE /api/patterns/{id}',
  'DELETE /api/patterns',
  'POST /api/patterns/{id}/files',
  'DELETE /api/patterns/{id}/files/{fileId}',
  'POST /api/patterns/{id}/send-to-review',
  'PATCH /api/patterns/{id}/review-notes/{noteId}',
  'POST /api/patterns/{id}/sizes',
  'DELETE /api/patterns/{id}/sizes',
  'POST /api/sizes/{sizeId}',
  'DELETE /api/sizes/{sizeId}',
  'POST /api/sizes/{sizeId}/pieces',
  'PUT /api/pieces/{pieceId}',
  'DELETE /api/pieces/{pieceId}',
  'POST /api/imports',
  'POST /api/imports/{id}/run',
  'POST /api/trash/restore',
];
