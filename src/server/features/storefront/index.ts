// Public entry of the storefront feature (Salesforce B2C Commerce): other server code imports only from here.
export { storefrontRoutes } from './storefront.routes';
export { storefrontDeliveryHandler } from './delivery';
export { storefrontPatternEvents } from './queue';
