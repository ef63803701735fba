// Public entry of the patterns feature: other server code imports only from here.
export { patternsRoutes } from './patterns.routes';
export { emitPatternEvent, loadPattern, markPatternEdited } from './detail.service';
export { addressNotesOn, addressNotesOnDeletedSizes } from './address-notes';
export {
  insertImportedPattern,
  updateImportedPattern,
  type ImportedSize,
} from './import-write.service';
export { maintainListTables } from '../pattern-list/list-maintenance';
export { livePublishedVersions, publishedVersion, publishedVersions } from './published-read';
export { filterCondition } from '../pattern-list/list.service';
