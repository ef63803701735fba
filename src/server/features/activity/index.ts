// Public entry of the activity feature: other server code imports only from here.
export { activityRoutes } from './activity.routes';
export { recordActivities, recordActivity, recordSystemActivity } from './activity.service';
export type { ActivityEntryInput } from './activity.service';
export { describe as describeActivity, diffFields } from './activity.text';
