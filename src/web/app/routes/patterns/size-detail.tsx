import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { useSize } from '../../../features/sizes/api/get-size';
import { SizeHeader } from '../../../features/sizes/components/size-header';
import { SizeFieldsForm } from '../../../features/sizes/components/size-fields-form';
import { SizePdfPanel } from '../../../features/sizes/components/size-pdf-panel';
import { PiecesTable } from '../../../features/sizes/components/pieces-table';
import { PdfPreview } from '../../../features/pattern-detail/components/pdf-preview';

/** /app/show-records/{ID}/{SizeID}: one size's fields (template fields too), its PDF and its pieces. */
export function Component() {
  // The route's loader has fetched the size, or sent its refusal to the error boundary (router.tsx).
  const sizeId = Number(useParams().sizeId);
  const size = useSize(sizeId);
  const title = size.data
    ? `Size ${size.data.Size} · ${size.data.pattern.SFCC_Pattern_ID}`
    : 'Size';
  useEffect(() => {
    document.title = `${title} · Partner Portal`;
  }, [title]);

  if (!size.data) return <LoadingOverlay label="Loading size…" />;

  const s = size.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <SizeHeader size={s} />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="order-2 min-w-0 lg:order-1">
          <SizeFieldsForm size={s} />
        </div>
        <div className="order-1 lg:order-2">
          <SizePdfPanel
            size={s}
            preview={
              s.pdf && (
                <PdfPreview
                  key={s.pdf.id}
                  fileId={s.pdf.id}
                  fileName={s.pdf.fileName}
                  width={280}
                />
              )
            }
          />
        </div>
      </div>
      <PiecesTable sizeId={s.ID} view={s.pattern_view} />
    </div>
  );
}
