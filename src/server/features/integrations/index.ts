// Public entry of the integrations feature: other server code imports only from here.
export { integrationsRoutes } from './integrations.routes';
export { integrationsOpenApi } from './openapi';
export { webhookDeliveryHandler } from './delivery';
export { emitEvent, queueEvent, webhookPatternEvents, webhookSubscribers } from './events';
export { findTokenUser, isApiToken } from './tokens.service';
export { readSecretsKeyFile, secretBox, secretsKey, writeSecretsKeyFile } from './secret-box';
