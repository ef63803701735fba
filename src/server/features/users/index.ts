// Public entry of the users feature: other server code imports only from here.
export { usersRoutes } from './users.routes';
export { endResetLinks } from './users.service';
