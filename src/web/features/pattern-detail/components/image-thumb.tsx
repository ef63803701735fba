import { useState } from 'react';
import type { PatternFile } from '../../../../shared/contracts/files';
import { THUMBNAIL_PATHS } from '../../../../shared/contracts/preflight-paths';
import { LazyThumbnail } from '../../../components/lazy-thumbnail';
import { Spinner } from '../../../components/spinner';
import { useFileObjectUrl } from '../api/file-blob';
import { Modal } from '../../../components/modal';

const box =
  'flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-100';

/**
 * A stored photo on its card: the medium thumbnail made at upload (WebP, cached for a year,
 * fetched once near the viewport); activating it opens the original large in a dialog, which is
 * downloaded only then. A photo stored before the thumbnails existed shows its original.
 */
export function ImageThumb({ file, label }: { file: PatternFile; label: string }) {
  const [open, setOpen] = useState(false);
  const name = `${label}: ${file.fileName}`;
  const hasThumbnail = file.check?.type === 'image' && file.check.thumbnails;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="shrink-0 self-start rounded-md hover:ring-2 hover:ring-gray-400"
        aria-label={`View ${label} ${file.fileName} large`}
      >
        {hasThumbnail ? (
          <LazyThumbnail
            url={THUMBNAIL_PATHS.thumbnail(file.id, 'medium')}
            alt={name}
            className="h-32 w-32 rounded-md"
            testId="image-thumb"
          />
        ) : (
          <OriginalThumb fileId={file.id} alt={name} />
        )}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={name} size="xl">
        {open && <LargeImage fileId={file.id} alt={name} />}
      </Modal>
    </>
  );
}

function OriginalThumb({ fileId, alt }: { fileId: number; alt: string }) {
  const { url, isLoading, error } = useFileObjectUrl(fileId);
  return (
    <span className={box}>
      {url ? (
        <img src={url} alt={alt} className="h-full w-full object-cover" data-testid="image-thumb" />
      ) : isLoading ? (
        <Spinner className="h-5 w-5 text-gray-500" />
      ) : (
        <span className="p-2 text-center text-xs text-red-800">
          {error?.message ?? 'No preview'}
        </span>
      )}
    </span>
  );
}

/** The original photo, fetched when the dialog opens. */
function LargeImage({ fileId, alt }: { fileId: number; alt: string }) {
  const { url, error } = useFileObjectUrl(fileId);
  if (error)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {error.message}
      </p>
    );
  if (!url)
    return (
      <p className="flex items-center justify-center gap-2 p-8 text-sm text-gray-700" role="status">
        <Spinner /> Loading photo…
      </p>
    );
  return (
    <img src={url} alt={alt} className="mx-auto max-h-[75vh] w-auto max-w-full object-contain" />
  );
}
