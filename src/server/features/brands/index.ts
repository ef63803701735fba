// Public entry of the brands feature: other server code imports only from here.
export { brandsRoutes } from './brands.routes';
export { findBrand, findBrandByRef, resolveBrandRef, seedBrands } from './brands.service';
