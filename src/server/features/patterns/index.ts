// Public entry of the patterns feature (the pattern record: create, detail, edit, delete, import
// writes, its webhook events and stored published versions): other server code imports only from here.
export { patternsRoutes } from './patterns.routes';
export {
  editedAfter,
  emitPatternEvent,
  emitTransitionEvent,
  loadPattern,
  markPatternEdited,
  patternMissing,
  setPatternField,
} from './detail.service';
export type { PatternRow } from './detail.repo';
export { addressNotesOn, addressNotesOnDeletedSizes } from './address-notes';
export { openNotesOn, setNoteAddressed } from './review-notes.repo';
export {
  insertImportedPattern,
  updateImportedPatterns,
  type ImportedSize,
} from './import-write.service';
export { exportDate, isoDate, priceToApi, priceToDb, toListRow } from './pattern-shape';
export { livePublishedVersions, publishedVersion, publishedVersions } from './published-read';
export * as publishedRepo from './published.repo';
export { assertVersion, expectedVersion, sendEtag } from './versions';
