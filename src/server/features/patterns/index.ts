// Public entry of the patterns feature (the pattern record: create, detail, edit, delete, import
// writes; each change said as an event, src/server/events): other server code imports only from here.
export { patternsRoutes } from './patterns.routes';
export {
  editedAfter,
  loadPattern,
  markPatternEdited,
  patternDetailById,
  patternMissing,
} from './detail.service';
export { setPatternField } from './update.service';
export type { PatternRow } from './detail.repo';
export { addressNotesOn, addressNotesOnDeletedSizes } from './address-notes';
export { openNotesOn, setNoteAddressed } from './review-notes.repo';
export {
  insertImportedPattern,
  updateImportedPatterns,
  type ImportedSize,
} from './import-write.service';
export {
  exportDate,
  isoDate,
  isoDateOrNull,
  priceToApi,
  priceToDb,
  toListRow,
} from './pattern-shape';
export { assertVersion, expectedVersion, sendEtag } from './versions';
