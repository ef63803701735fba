// Public entry of the auth feature: other server code imports only from here.
export { authRoutes } from './auth.routes';
export { secondFactorGate } from './second-factor.gate';
export { resetSecondFactors } from './two-factor.service';
export { oidcRoutes } from './oidc.routes';
export { sessionsRoutes } from './sessions.routes';
export { noteSessionSeen } from './sessions.service';
export {
  clearLoginFailures,
  countUsers,
  createSession,
  endSessions,
  findSessionUser,
  findSessionUserById,
  insertUser,
  signOutOtherSessions,
  toSessionUser,
} from './auth.service';
