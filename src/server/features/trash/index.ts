// Public entry of the trash feature: other server code imports only from here.
export { trashRoutes } from './trash.routes';
export { purgeTrash } from './trash.service';
export { restorePatterns } from './trash.service';
