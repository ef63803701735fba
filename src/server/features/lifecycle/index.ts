// Public entry of the lifecycle feature (the review lifecycle of a pattern: send to review, publish,
// request changes, unpublish; review notes and snapshots, what waits; the published versions
// themselves are features/published): other server code imports only from here.
export { lifecycleRoutes } from './lifecycle.routes';
export { publish, sendToReview } from './lifecycle.service';
export { requestChanges, unpublish } from './review.service';
