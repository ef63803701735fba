// Public entry of the published feature (a pattern's published versions: what publishing stores and
// unpublishing ends, the reads other features take them by, the content snapshot reviews compare,
// and the routes that serve them): other server code imports only from here.
export { publishedRoutes } from './published.routes';
export { publishedKeys, recordPublication, recordUnpublication } from './published.service';
export { livePublishedVersions, publishedVersion, publishedVersions } from './published-read';
export { liveVersion } from './published.repo';
export { diffSnapshots, takeSnapshot, type ReviewSnapshot } from './content';
