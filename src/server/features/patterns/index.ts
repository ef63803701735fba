// Public entry of the patterns feature: other server code imports only from here.
export { patternsRoutes } from './patterns.routes';
export { loadPattern, markPatternEdited, patternDetailById } from './detail.service';
export { addressNotesOn } from './review.service';
export {
  insertImportedPattern,
  updateImportedPattern,
  type ImportedSize,
} from './import-write.service';
export { maintainPatternsTable } from './list-maintenance';
