// Public entry of the pattern-list feature (the list's read model: list, search, CSV export, paging
// anchors, the table maintenance, the storefront badge): other server code imports only from here.
export { patternListRoutes } from './list.routes';
export { filterCondition, matchingIds } from './list.service';
export { countWithVersion } from './list-count.repo';
export { maintainListTables } from './list-maintenance';
