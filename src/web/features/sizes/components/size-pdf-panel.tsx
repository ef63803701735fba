import { useState, type ReactNode } from 'react';
import { FILE_PATHS } from '../../../../shared/contracts/files';
import type { Size } from '../../../../shared/contracts/sizes';
import { formatBytes } from '../../../../shared/limits';
import { MSG } from '../../../../shared/messages';
import { useDownloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUpdateSize } from '../api/update-size';
import { PdfInput } from './pdf-input';
import { FileFindings } from '../../../components/file-findings';

interface SizePdfPanelProps {
  size: Size;
  /** The PDF's preview, rendered by the page (the preview belongs to the pattern screen's feature). */
  preview: ReactNode;
}

/** The size's pattern PDF: preview, download, and replace (the old file is removed once the new one is stored). */
export function SizePdfPanel({ size, preview }: SizePdfPanelProps) {
  const update = useUpdateSize(size.patternId);
  const download = useDownloadFile();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const replace = () => {
    if (!file) return setError('Choose the new PDF first');
    update.mutate(
      { sizeId: size.ID, pdf: file, version: size.version },
      {
        onSuccess: (res) => {
          toast.success(res.message || MSG.sizeUpdated);
          setFile(undefined);
        },
        onError: (err) =>
          reportFormError(err, null, {
            fields: [],
            other: { pattern_pdf_file: setError },
            fallback: MSG.sizeUpdateFailed,
          }),
      },
    );
  };
  const pdf = size.pdf;
  return (
    <section
      aria-labelledby="size-pdf-heading"
      className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="size-pdf-heading" className="text-xl font-bold">
        Pattern PDF
      </h2>
      {pdf ? (
        <>
          {preview}
          <p className="text-sm">
            <span className="break-all font-medium">{pdf.fileName}</span>{' '}
            <span className="whitespace-nowrap text-gray-600">({formatBytes(pdf.byteSize)})</span>
          </p>
          <FileFindings check={pdf.check} warnings={pdf.warnings} />
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                download.mutate({ path: FILE_PATHS.download(pdf.id), fileName: pdf.fileName })
              }
            >
              Download
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-red-800">{MSG.patternPdfRequired}</p>
      )}
      <div className="grid gap-2 border-t border-gray-200 pt-3">
        <PdfInput
          label={pdf ? 'Replace with' : 'Upload the PDF'}
          file={file}
          onChange={(f) => (setFile(f), setError(undefined))}
          error={error}
        />
        <div>
          <Button onClick={replace} disabled={!file || update.isPending}>
            {update.isPending && <Spinner />}
            {pdf ? 'Replace PDF' : 'Upload PDF'}
          </Button>
        </div>
      </div>
    </section>
  );
}
