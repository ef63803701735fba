export { releasesRoutes } from './releases.routes';
export { releaseJobHandler } from './releases.service';
