// Public entry of the bulk feature (bulk actions on a selection of patterns): other server code imports only from here.
export { bulkRoutes } from './bulk.routes';
