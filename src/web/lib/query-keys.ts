/**
 * Every query key of the web app, written once and imported everywhere (never retyped). Features
 * never import each other, yet their caches meet: renaming a brand refreshes users and patterns, a
 * size change refreshes its pattern. Keys nest, so invalidating a prefix refreshes what is under it.
 */
export const queryKeys = {
  brands: ['brands'] as const,
  /** Releases: the list and each one (docs/releases.md). */
  releases: ['releases'] as const,
  release: (id: number) => ['releases', id] as const,
  /** A pattern's release still to come (under the pattern, so its refresh refreshes it). */
  patternRelease: (id: number) => ['pattern', id, 'release'] as const,
  /** Every list of patterns (all pages, filters and sorts). */
  patterns: ['patterns'] as const,
  patternList: (query: object) => ['patterns', 'list', query] as const,
  /** A pattern and everything under it: its sizes, their count and its "missing" list. */
  pattern: (id: number) => ['pattern', id] as const,
  sizes: (patternId: number) => ['pattern', patternId, 'sizes'] as const,
  /** A size and its pieces. */
  size: (id: number) => ['size', id] as const,
  pieces: (sizeId: number) => ['size', sizeId, 'pieces'] as const,
  fileBlob: (fileId: number | undefined) => ['file-blob', fileId] as const,
  users: ['users'] as const,
  userList: (query: object) => ['users', query] as const,
  supportMessages: ['support', 'messages'] as const,
  supportMessageList: (params: object) => ['support', 'messages', params] as const,
  siteConfig: ['site', 'config'] as const,
  /** Whether company sign-in is set up, and its button's label. */
  oidcConfig: ['auth', 'oidc'] as const,
  /** My Account's signed-in devices. */
  devices: ['account', 'devices'] as const,
  /** The admins' pending invitations. */
  invitations: ['invitations'] as const,
  /** Whom an invitation link is for (the link's page). */
  invitationCheck: (token: string) => ['invitation-check', token] as const,
  newsletterSummary: ['newsletter', 'summary'] as const,
  /** How many patterns wait for review (the admin's header). */
  reviewCount: ['review-count'] as const,
  /** What waits for the partner's brand (the header's Changes requested, the dashboard's block). */
  attention: ['attention'] as const,
  /** A pattern's review state and its activity (under the pattern: refreshed with it). */
  review: (patternId: number) => ['pattern', patternId, 'review'] as const,
  /** A published pattern's live version and what its working copy changed since. */
  liveChanges: (patternId: number) => ['pattern', patternId, 'live'] as const,
  activity: (patternId: number) => ['pattern', patternId, 'activity'] as const,
  activityPage: (patternId: number, page: number, pageSize: number) =>
    ['pattern', patternId, 'activity', page, pageSize] as const,
  mailPreferences: ['mail-preferences'] as const,
  reviewRecipients: ['review-recipients'] as const,
  /** A thumbnail's image, by its URL. */
  thumbnail: (url: string | null) => ['thumbnail', url] as const,
  /** The Trash's pages (deleted patterns waiting to be restored or purged). */
  trash: ['trash'] as const,
  /** My Account's two-factor state (app on or off, recovery codes left) and passkeys. */
  twoFactor: ['two-factor'] as const,
  passkeys: ['two-factor', 'passkeys'] as const,
  trashPage: (page: number) => ['trash', page] as const,
  /** Every bulk import: the list and each one. */
  imports: ['imports'] as const,
  importList: ['imports', 'list'] as const,
  importJob: (id: number) => ['imports', id] as const,
  apiTokens: ['integrations', 'tokens'] as const,
  /** Webhook endpoints and, under each, its deliveries. */
  webhooks: ['integrations', 'webhooks'] as const,
  webhookDeliveries: (endpointId: number) =>
    ['integrations', 'webhooks', endpointId, 'deliveries'] as const,
  storefrontTargets: ['storefront', 'targets'] as const,
  /**
   * A pattern's storefront outcome, under the pattern: a publish or an unpublish refreshes it, and
   * while a delivery is pending it polls on its own (features/storefront/api).
   */
  patternStorefront: (id: number) => ['pattern', id, 'storefront'] as const,
};
