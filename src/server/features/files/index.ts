// Public entry of the files feature: other server code imports only from here.
export { filesRoutes } from './files.routes';
export {
  LONGEST_UPLOAD_MS,
  deleteObjects,
  deletingObjects,
  discardPatternFiles,
  keysOf,
  placePatternFiles,
  receivePatternFile,
  recordPatternFiles,
  /** @public For the importer (issue 31): one stored ZIP entry recorded by rows of several transactions. */
  reuseStoredFile,
  storePatternFile,
  type CheckedPatternFile,
  type StoredPatternFile,
} from './files.service';
export { contentDisposition, toPatternFile } from './download';
export {
  /** @public For the lifecycle's interleaving test of a publish and the legacy rehash. */
  rehashLegacyObjects,
  sweepOrphans,
} from './sweep';
export { checkPdfsLater } from './deferred-check';
export { PDF_THUMBNAILS_JOB, thumbnailsJobHandler } from './thumbnails.job';
export {
  UPLOADS_PREFIX,
  dropHoldsOfDeadProcesses,
  holdingDeletes,
  sha256OfKey,
  type ObjectDeps,
} from './objects';
