// Public entry of the support feature: other server code imports only from here.
export { supportRoutes } from './support.routes';
