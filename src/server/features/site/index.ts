// Public entry of the site feature: other server code imports only from here.
export { siteRoutes } from './site.routes';
