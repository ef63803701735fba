// Public entry of the newsletter feature: other server code imports only from here.
export { newsletterRoutes } from './newsletter.routes';
