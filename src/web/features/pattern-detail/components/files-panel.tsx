import { useState, type ReactNode } from 'react';
import { FILE_LABELS, type PatternFile } from '../../../../shared/contracts/files';
import {
  PATTERN_FILE_KINDS,
  type PatternDetail,
} from '../../../../shared/contracts/pattern-detail';
import { toast } from '../../../lib/toast';
import { useRemoveFile } from '../api/remove-file';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FileSlot } from './file-slot';

/** The pattern's PDFs and images, one card per kind (spec section 3), each with preview, replace, remove, download. */
export function FilesPanel({
  pattern,
  annotation,
  fileNote,
}: {
  pattern: PatternDetail;
  /** Above the cards (notes on files the pattern no longer has). */
  annotation?: ReactNode;
  /** Inside a file's card (a reviewer's notes on that file). */
  fileNote?(file: PatternFile): ReactNode;
}) {
  const remove = useRemoveFile(pattern.ID);
  const [removing, setRemoving] = useState<PatternFile>();
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { fileId: removing.id, version: pattern.version },
      {
        onSuccess: (res) => {
          toast.success(`${FILE_LABELS[removing.kind]}: ${res.message}`);
          setRemoving(undefined);
        },
      },
    );
  };
  return (
    <section aria-labelledby="files-heading" className="grid gap-3">
      <h2 id="files-heading" className="text-xl font-bold">
        PDF&apos;s and Images
      </h2>
      {annotation}
      <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PATTERN_FILE_KINDS.map((kind) => (
          <FileSlot
            key={kind}
            patternId={pattern.ID}
            version={pattern.version}
            kind={kind}
            files={pattern.files.filter((f) => f.kind === kind)}
            onRemove={setRemoving}
            fileNote={fileNote}
          />
        ))}
      </div>
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove file"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      >
        <p>
          Remove <strong>{removing?.fileName}</strong> ({removing ? FILE_LABELS[removing.kind] : ''}
          ) from this pattern? The file is deleted.
        </p>
      </ConfirmDialog>
    </section>
  );
}
