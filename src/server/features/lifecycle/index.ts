// Public entry of the lifecycle feature (the review lifecycle of a pattern: send to review, publish,
// request changes, unpublish; review notes and snapshots, what waits, the published versions'
// routes): other server code imports only from here.
export { lifecycleRoutes } from './lifecycle.routes';
export { publishedRoutes } from './published.routes';
export { listPublished } from './published.service';
export { publish, sendToReview } from './lifecycle.service';
export { requestChanges, unpublish } from './review.service';
