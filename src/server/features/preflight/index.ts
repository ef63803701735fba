// Public entry of the preflight feature (docs/preflight.md): what an upload's check finds, the
// thumbnails it draws, and the publisher's warnings. Other server code imports only from here.
export {
  baseKeyOf,
  drawPdfThumbnails,
  isThumbnailKey,
  openThumbnail,
  patternPreflight,
  preflightOfFiles,
  preflightStoredUpload,
  putThumbnails,
  recordChecks,
  thumbnailKey,
  withPreflight,
  withThumbnailKeys,
} from './preflight.service';
export { setPdfCheckMemory } from './pdf-facts';
