// Public entry of the health feature: other server code imports only from here.
export { healthRoutes } from './health.routes';
