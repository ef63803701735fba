export { releasesRoutes } from './releases.routes';
export { releaseJobHandler, RELEASE_JOB } from './releases.service';
