import { useState } from 'react';
import type { PatternFile } from '../../../../shared/contracts/files';
import { THUMBNAIL_PATHS } from '../../../../shared/contracts/preflight';
import { LazyThumbnail } from '../../../components/lazy-thumbnail';
import { Modal } from '../../../components/modal';
import { PdfPreview } from './pdf-preview';

/**
 * A PDF on its card: the first-page thumbnail the server drew at upload (a small WebP, cached),
 * which opens the PDF page by page in a dialog (pdf.js in the browser). A PDF without one (too
 * costly to draw in the server's budget, or uploaded before) is drawn in the page by pdf.js.
 */
export function PdfThumb({ file, width = 260 }: { file: PatternFile; width?: number }) {
  const [open, setOpen] = useState(false);
  if (!(file.check?.type === 'pdf' && file.check.thumbnails))
    return <PdfPreview fileId={file.id} fileName={file.fileName} width={width} />;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="block max-w-full self-start rounded hover:ring-2 hover:ring-gray-400"
        style={{ width }}
        aria-label={`Preview ${file.fileName}`}
      >
        <LazyThumbnail
          url={THUMBNAIL_PATHS.thumbnail(file.id, 'medium')}
          alt={`First page of ${file.fileName}`}
          className="aspect-[3/4] w-full bg-white"
          fit="contain"
          testId="pdf-thumbnail"
        />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={file.fileName} size="xl">
        {open && <PdfPreview fileId={file.id} fileName={file.fileName} width={560} />}
      </Modal>
    </>
  );
}
