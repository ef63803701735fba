import type { ReactNode } from 'react';
import { FILE_PATHS, type PatternFile } from '../../../../shared/contracts/files';
import { formatBytes } from '../../../../shared/limits';
import { useDownloadFile } from '../../../lib/download';
import { ImageThumb } from './image-thumb';
import { PdfThumb } from './pdf-thumb';
import { FileFindings } from '../../../components/file-findings';

interface FileCardProps {
  file: PatternFile;
  label: string;
  /** Omitted where a file cannot be removed on its own. */
  onRemove?(): void;
  /** What a reviewer noted about this file, shown beside it. */
  note?: ReactNode;
}

const linkButton =
  'rounded px-2 py-1 text-sm font-semibold text-blue-800 underline-offset-2 hover:underline disabled:opacity-50';

/** One stored file: its thumbnail (a photo, or a PDF's first page, which opens its pages), name and size, download and remove, and a reviewer's note on it. */
export function FileCard({ file, label, onRemove, note }: FileCardProps) {
  const download = useDownloadFile();
  const downloading = download.isPending;
  const isPdf = file.contentType === 'application/pdf';
  return (
    <div className="flex flex-col gap-2" data-testid={`file-${file.kind}`}>
      {isPdf ? <PdfThumb file={file} width={260} /> : <ImageThumb file={file} label={label} />}
      <p className="text-sm">
        <span className="break-all font-medium">{file.fileName}</span>{' '}
        <span className="whitespace-nowrap text-gray-600">({formatBytes(file.byteSize)})</span>
      </p>
      {note}
      <FileFindings check={file.check} warnings={file.warnings} />
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          className={linkButton}
          onClick={() =>
            download.mutate({ path: FILE_PATHS.download(file.id), fileName: file.fileName })
          }
          disabled={downloading}
          aria-label={`Download ${file.fileName}`}
        >
          {downloading ? 'Downloading…' : 'Download'}
        </button>
        {onRemove && (
          <button
            type="button"
            className={`${linkButton} text-red-800`}
            onClick={onRemove}
            aria-label={`Remove ${file.fileName}`}
          >
            Remove
          </button>
        )}
      </div>
    </div>
  );
}
