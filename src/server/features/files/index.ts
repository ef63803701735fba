// Public entry of the files feature: other server code imports only from here.
export { filesRoutes } from './files.routes';
export {
  LONGEST_UPLOAD_MS,
  contentDisposition,
  deleteObjects,
  deletingObjects,
  keysOf,
  recordPatternFiles,
  storePatternFile,
  sweepOrphans,
  toPatternFile,
  type StoredPatternFile,
} from './files.service';
export { checkPdfsLater } from './deferred-check';
export { isThumbnailKey, patternPreflight, withPreflight } from './preflight.service';
