// Public entry of the sizes feature: other server code imports only from here.
export { sizesRoutes } from './sizes.routes';
