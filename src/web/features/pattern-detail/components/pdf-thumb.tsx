import { useState } from 'react';
import type { PatternFile } from '../../../../shared/contracts/files';
import { THUMBNAIL_PATHS } from '../../../../shared/contracts/preflight-paths';
import { LazyThumbnail } from '../../../components/lazy-thumbnail';
import { Modal } from '../../../components/modal';
import { PdfPreview } from './pdf-preview';

/**
 * A PDF's first page as the server drew it at upload (a WebP, cached), which opens the PDF page by
 * page in a dialog (pdf.js in the browser). On a file card it is the medium thumbnail, and a PDF
 * without one (too costly to draw in the server's budget, or uploaded before) is drawn in the page
 * by pdf.js. In a table row (`compact`) it is the small one, and a PDF without one shows a plain
 * placeholder: a page of 200 sizes must not download 200 PDFs.
 */
export function PdfThumb({
  file,
  width = 260,
  compact = false,
}: {
  file: PatternFile;
  width?: number;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const drawn = file.check?.type === 'pdf' && file.check.thumbnails;
  if (!drawn)
    return compact ? (
      <span
        aria-hidden
        className="flex h-16 w-12 shrink-0 items-center justify-center rounded border border-gray-200 bg-gray-50 text-[0.625rem] font-semibold text-gray-500"
      >
        PDF
      </span>
    ) : (
      <PdfPreview fileId={file.id} fileName={file.fileName} width={width} />
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="block max-w-full shrink-0 self-start rounded hover:ring-2 hover:ring-gray-400"
        style={compact ? undefined : { width }}
        aria-label={`Preview ${file.fileName}`}
      >
        <LazyThumbnail
          url={THUMBNAIL_PATHS.thumbnail(file.id, compact ? 'small' : 'medium')}
          alt={`First page of ${file.fileName}`}
          className={compact ? 'h-16 w-12 bg-white' : 'aspect-[3/4] w-full bg-white'}
          fit="contain"
          testId={compact ? 'size-pdf-thumbnail' : 'pdf-thumbnail'}
        />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={file.fileName} size="xl">
        {open && <PdfPreview fileId={file.id} fileName={file.fileName} width={560} fit />}
      </Modal>
    </>
  );
}
