import { useState } from 'react';
import type { PatternFile } from '../../../../shared/contracts/files';
import { Spinner } from '../../../components/spinner';
import { useFileObjectUrl } from '../api/file-blob';
import { Modal } from '../../../components/modal';

/** A stored image as a thumbnail; activating it opens the image large in a dialog. */
export function ImageThumb({ file, label }: { file: PatternFile; label: string }) {
  const { url, isLoading, error } = useFileObjectUrl(file.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={!url}
        className="flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-100 hover:border-gray-400"
        aria-label={`View ${label} ${file.fileName} large`}
      >
        {url ? (
          <img
            src={url}
            alt={`${label}: ${file.fileName}`}
            className="h-full w-full object-cover"
            data-testid="image-thumb"
          />
        ) : isLoading ? (
          <Spinner className="h-5 w-5 text-gray-500" />
        ) : (
          <span className="p-2 text-center text-xs text-red-800">
            {error?.message ?? 'No preview'}
          </span>
        )}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`${label}: ${file.fileName}`}
        size="xl"
      >
        {url && (
          <img
            src={url}
            alt={`${label}: ${file.fileName}`}
            className="mx-auto max-h-[75vh] w-auto max-w-full object-contain"
          />
        )}
      </Modal>
    </>
  );
}
