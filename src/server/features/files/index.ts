// Public entry of the files feature: other server code imports only from here.
export { filesRoutes } from './files.routes';
export {
  LONGEST_UPLOAD_MS,
  contentDisposition,
  deleteObjects,
  deletingObjects,
  keysOf,
  recordPatternFiles,
  rehashLegacyObjects,
  reuseStoredFile,
  storePatternFile,
  sweepOrphans,
  toPatternFile,
  type ObjectRef,
  type StoredPatternFile,
} from './files.service';
export { checkPdfsLater } from './deferred-check';
export {
  UPLOADS_PREFIX,
  contentKey,
  holdingDeletes,
  sha256OfKey,
  type ObjectDeps,
} from './objects';
