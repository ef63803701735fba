// Public entry of the imports feature: other server code imports only from here.
export { importsRoutes } from './imports.routes';
export { importChecksWorker, importWorker } from './imports.worker';
