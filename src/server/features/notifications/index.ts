// Public entry of the notifications feature: other server code imports only from here.
export { notificationsRoutes } from './notifications.routes';
export { notifyReview } from './notifications.service';
